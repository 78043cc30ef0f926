/**
 * "1 pack", "3 packs", "1,204 players": a count with its noun in the right number, for every
 * admin and player message (issue 24: "Updated 1 packs."). `many` for irregular plurals.
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
