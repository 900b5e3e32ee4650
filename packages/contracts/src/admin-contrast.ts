// Issue 14: the colour pairs a utility's administrators must keep at WCAG AA, and the check itself.
// No zod here: the admin page runs the check live without loading the form library; the server runs
// the same check through admin-brand.ts before it stores anything.
export type BrandPair = readonly [foreground: string, background: string];

/** Every text colour against the background it is drawn on (WCAG 1.4.3, 4.5:1). */
export const BRAND_TEXT_PAIRS: readonly BrandPair[] = [
  ['--gf-page-fg', '--gf-page-bg'],
  ['--gf-link', '--gf-page-bg'],
  ['--gf-surface-fg', '--gf-surface-bg'],
  ['--gf-muted-fg', '--gf-surface-bg'],
  ['--gf-muted-fg', '--gf-page-bg'],
  ['--gf-link', '--gf-surface-bg'],
  ['--gf-header-fg', '--gf-header-bg'],
  ['--gf-footer-fg', '--gf-footer-bg'],
  ['--gf-hero-fg', '--gf-hero-bg'],
  ['--gf-button-fg', '--gf-button-bg'],
  ['--gf-button-fg', '--gf-button-hover-bg'],
  ['--gf-button-secondary-fg', '--gf-button-secondary-bg'],
  ['--gf-dialog-fg', '--gf-dialog-bg'],
  ['--gf-link', '--gf-dialog-bg'],
  ['--gf-dialog-header-fg', '--gf-dialog-header-bg'],
  ['--gf-table-header-fg', '--gf-table-header-bg'],
  ['--gf-surface-fg', '--gf-table-row-alt-bg'],
  ['--gf-payment-box-fg', '--gf-payment-box-bg'],
];

/** Non-text contrast (WCAG 1.4.11, 3:1): the focus ring against what it sits on. */
export const BRAND_NON_TEXT_PAIRS: readonly BrandPair[] = [
  ['--gf-focus-ring', '--gf-page-bg'],
  ['--gf-focus-ring', '--gf-surface-bg'],
];

/** The colour tokens an administrator sets: every token of a checked pair, nothing unchecked. */
export const BRAND_COLOR_TOKENS: readonly string[] = [
  ...new Set([...BRAND_TEXT_PAIRS, ...BRAND_NON_TEXT_PAIRS].flat()),
];

export const AA_TEXT_RATIO = 4.5;
export const AA_NON_TEXT_RATIO = 3;

function luminance(hex: string): number {
  const channel = (index: number) => {
    const srgb = Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2.1 contrast ratio (1–21) of two opaque `#rrggbb` colours. */
export function hexContrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

export interface ContrastFailure {
  foreground: string;
  background: string;
  /** Rounded down to two decimals, so a shown 4.49 never reads as passing. */
  ratio: number;
  required: number;
}

/** Every checked pair below AA, in the order of the lists; empty when the colours may be saved. */
export function brandContrastFailures(colors: Readonly<Record<string, string>>): ContrastFailure[] {
  const check = (pairs: readonly BrandPair[], required: number) =>
    pairs.flatMap(([foreground, background]) => {
      const fg = colors[foreground];
      const bg = colors[background];
      if (fg === undefined || bg === undefined) return [];
      const ratio = hexContrastRatio(fg, bg);
      return ratio >= required
        ? []
        : [{ foreground, background, ratio: Math.floor(ratio * 100) / 100, required }];
    });
  return [...check(BRAND_TEXT_PAIRS, AA_TEXT_RATIO), ...check(BRAND_NON_TEXT_PAIRS, AA_NON_TEXT_RATIO)];
}

/** The sentence naming a failing pair, as the server answers it and the portal shows it. */
export function contrastFailureMessage(failure: ContrastFailure): string {
  return `${failure.foreground} on ${failure.background} has a contrast of ${failure.ratio.toFixed(2)}:1; WCAG AA needs ${failure.required}:1`;
}
