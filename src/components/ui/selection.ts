/** A set of chosen ids (checkboxes, rows picked in a list): `id` in or out, as a new set for React state. */
export function toggled(current: Set<string>, id: string): Set<string> {
  const next = new Set(current);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
