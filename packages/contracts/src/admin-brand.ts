// Issue 14, /api/admin/brand: the colours a utility's administrators set on top of one of the nine
// themes, and the WCAG AA contrast check both the portal (before saving, live) and the server (before
// storing) run on them, so a failing pair is refused and named the same way on both sides.
import { z } from 'zod';
import { THEME_IDS } from './constants.ts';

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

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

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

const brandColors = z
  .record(z.string(), z.string().regex(HEX_COLOR, 'Colours are #rrggbb'))
  .superRefine((colors, ctx) => {
    for (const token of Object.keys(colors))
      if (!BRAND_COLOR_TOKENS.includes(token))
        ctx.addIssue({ code: 'custom', message: `Unknown colour token ${token}`, path: [token] });
    for (const token of BRAND_COLOR_TOKENS)
      if (colors[token] === undefined)
        ctx.addIssue({ code: 'custom', message: `Colour ${token} is required`, path: [token] });
  });

/** PUT /api/admin/brand: the name, the starting theme and every checked colour. */
export const adminBrandRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  theme: z.enum(THEME_IDS),
  colors: brandColors,
});
export type AdminBrandRequest = z.infer<typeof adminBrandRequest>;

/** GET/PUT /api/admin/brand: what is stored; colours empty while the theme's own are used. */
export const adminBrandResponse = z.object({
  name: z.string(),
  theme: z.enum(THEME_IDS),
  colors: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type AdminBrandResponse = z.infer<typeof adminBrandResponse>;

/** 422 of PUT /api/admin/brand: the message names the first failing pair; all are listed. */
export const adminContrastError = z.object({
  message: z.string(),
  failures: z.array(
    z.object({ foreground: z.string(), background: z.string(), ratio: z.number(), required: z.number() }),
  ),
});

/** GET /api/admin/audit: the tenant's audit log, newest first, filtered by action and/or user. */
export const adminAuditQuery = z.object({
  action: z.string().trim().max(80).optional(),
  userId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminAuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const adminAuditResponse = z.object({ entries: z.array(adminAuditEntry) });
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;
