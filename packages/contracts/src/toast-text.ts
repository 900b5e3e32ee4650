import { TOAST_MAX_CHARS } from './constants.ts';

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** Toast text is reduced to plain text and cut to 110 characters plus an ellipsis (spec point 5). */
export function toToastText(input: unknown): string {
  const raw = typeof input === 'string' ? input : input == null ? '' : String(input);
  const plain = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > TOAST_MAX_CHARS ? `${chars.slice(0, TOAST_MAX_CHARS).join('')}...` : plain;
}
