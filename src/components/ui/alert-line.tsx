/**
 * A refusal or failure shown where it happened, role="alert" so a screen reader says it at once,
 * and nothing when there is none. `box` sets it on the tinted panel forms put above their fields;
 * `id` lets the field it is about point at it (aria-describedby).
 */
export function AlertLine({
  message,
  id,
  box = false,
  className,
}: {
  message: string | null | undefined;
  id?: string;
  box?: boolean;
  /** Spacing around it. */
  className?: string;
}) {
  if (!message) return null;
  const look = box ? "rounded-xl bg-lost-tint px-3 py-2 text-sm font-semibold text-lost" : "text-sm font-semibold text-lost";
  return (
    <p id={id} role="alert" className={className ? `${className} ${look}` : look}>
      {message}
    </p>
  );
}
