// Texts of a locale tree as dotted keys ('nav.home' → 'Home'), for the completeness tests.
export type TextTree = { readonly [key: string]: string | TextTree };

export function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flattenTexts(value, path)) entries.set(inner, text);
  }
  return entries;
}
