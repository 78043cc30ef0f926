const RADIUS = 13;
const MERIDIANS = 8;
const LATITUDES = [-60, -40, -20, 0, 20, 40, 60];
const ANIMATION_SECONDS = 8.5;
const STROKE = 0.7;

/**
 * The 32 px spinning wireframe globe: the outline and the latitudes are a still SVG; each meridian
 * is a half ring (an HTML box with its right border rounded) that sweeps across the front
 * hemisphere by scaling on x. The meridians are HTML rather than SVG paths because Chromium
 * animates an SVG element's transform on the page's main thread (a style and paint every frame,
 * ~20 ms of main thread a second on our CI host, competing with a page's start-up), while an HTML
 * box's transform animation runs on the compositor (docs/decisions/048-hosts-with-slow-memory.md,
 * "The header's globe"). It starts turning once the page has settled (`data-settled`,
 * components/shell/page-settled.ts); until then, without JavaScript and under prefers-reduced-motion (globals.css) it is the still drawing.
 * Decorative, so the surrounding link names it.
 */
export function GlobeLogo() {
  return (
    <span aria-hidden="true" className="relative inline-block h-8 w-8 shrink-0">
      <svg width="32" height="32" viewBox="0 0 32 32" focusable="false" className="absolute inset-0">
        <circle cx="16" cy="16" r="15.25" fill="none" stroke="white" strokeWidth="1" />
        <g transform="rotate(-18 16 16)" fill="none" stroke="white" strokeWidth={STROKE} strokeOpacity="0.9">
          {LATITUDES.map((lat) => {
            const y = 16 + RADIUS * Math.sin((lat * Math.PI) / 180);
            const halfWidth = RADIUS * Math.cos((lat * Math.PI) / 180);
            return <path key={lat} d={`M ${16 - halfWidth} ${y} A ${halfWidth} ${halfWidth * 0.22} 0 0 0 ${16 + halfWidth} ${y}`} />;
          })}
        </g>
      </svg>
      <span className="absolute inset-0 rotate-[-18deg]">
        {Array.from({ length: MERIDIANS }, (_, i) => (
          <span
            key={i}
            className="globe-meridian"
            style={{
              animationDelay: `${(-ANIMATION_SECONDS * i) / MERIDIANS}s`,
              // The still pose (before the page settles, reduced motion); the animation overrides it.
              transform: `scaleX(${(-Math.cos((Math.PI * i) / MERIDIANS)).toFixed(3)})`,
            }}
          />
        ))}
      </span>
    </span>
  );
}
