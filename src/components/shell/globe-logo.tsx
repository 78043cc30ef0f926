const RADIUS = 13;
const MERIDIANS = 8;
const LATITUDES = [-60, -40, -20, 0, 20, 40, 60];
const ANIMATION_SECONDS = 8.5;

/**
 * The 32 px spinning wireframe globe. Pure SVG + CSS (no JavaScript), still
 * under prefers-reduced-motion; decorative, so the surrounding link names it.
 */
export function GlobeLogo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0">
      <circle cx="16" cy="16" r="15.25" fill="none" stroke="white" strokeWidth="1" />
      <g transform="rotate(-18 16 16)" fill="none" stroke="white" strokeWidth="0.7" strokeOpacity="0.9">
        {LATITUDES.map((lat) => {
          const y = 16 + RADIUS * Math.sin((lat * Math.PI) / 180);
          const halfWidth = RADIUS * Math.cos((lat * Math.PI) / 180);
          return <path key={lat} d={`M ${16 - halfWidth} ${y} A ${halfWidth} ${halfWidth * 0.22} 0 0 0 ${16 + halfWidth} ${y}`} />;
        })}
        {Array.from({ length: MERIDIANS }, (_, i) => (
          <path
            key={i}
            className="globe-meridian"
            style={{
              animationDelay: `${(-ANIMATION_SECONDS * i) / MERIDIANS}s`,
              // The still pose (no JavaScript or reduced motion); the animation overrides it.
              transform: `scaleX(${(-Math.cos((Math.PI * i) / MERIDIANS)).toFixed(3)})`,
            }}
            d={`M 16 ${16 - RADIUS} A ${RADIUS} ${RADIUS} 0 0 1 16 ${16 + RADIUS}`}
          />
        ))}
      </g>
    </svg>
  );
}
