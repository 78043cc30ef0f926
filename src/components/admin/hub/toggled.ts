/**
 * A set with `value` taken out if it was in, put in if it was not: the admin lists' check boxes
 * (statuses shown, props selected) and "Details" buttons toggle their sets with it.
 */
export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}
