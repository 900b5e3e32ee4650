// Whether a secret shows in a text as a value of its own. A PIN or code is a few digits, which
// occur by chance inside ids and hashes (4321 in …b40da043210f): those do not count, a JSON value
// or a word in a sentence does.
export function showsSecret(text: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).test(text);
}
