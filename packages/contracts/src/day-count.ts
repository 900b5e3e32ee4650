/** Days from `from` to `to`, both counted ('YYYY-MM-DD'): 1 for the same day. */
export function daysBetweenInclusive(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}
