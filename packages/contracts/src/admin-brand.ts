// Issue 14, /api/admin/brand: the colours a utility's administrators set on top of one of the nine
// themes, and the WCAG AA contrast check both the portal (before saving, live) and the server (before
// storing) run on them, so a failing pair is refused and named the same way on both sides.
import { z } from 'zod';
import {
  AA_NON_TEXT_RATIO,
  AA_TEXT_RATIO,
  BRAND_COLOR_TOKENS,
  BRAND_NON_TEXT_PAIRS,
  BRAND_TEXT_PAIRS,
  type BrandPair,
  brandContrastFailures,
  type ContrastFailure,
  contrastFailureMessage,
  hexContrastRatio,
} from './admin-contrast.ts';
import { THEME_IDS } from './constants.ts';

export {
  AA_NON_TEXT_RATIO,
  AA_TEXT_RATIO,
  BRAND_COLOR_TOKENS,
  BRAND_NON_TEXT_PAIRS,
  BRAND_TEXT_PAIRS,
  type BrandPair,
  brandContrastFailures,
  type ContrastFailure,
  contrastFailureMessage,
  hexContrastRatio,
};

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const brandColors = z
  .record(z.string(), z.string().regex(HEX_COLOR, 'Colours are #rrggbb'))
  .superRefine((colors, ctx) => {
    // None at all: the theme's own colours (how a utility starts, and how it goes back to them).
    if (Object.keys(colors).length === 0) return;
    for (const token of Object.keys(colors))
      if (!BRAND_COLOR_TOKENS.includes(token))
        ctx.addIssue({ code: 'custom', message: `Unknown colour token ${token}`, path: [token] });
    for (const token of BRAND_COLOR_TOKENS)
      if (colors[token] === undefined)
        ctx.addIssue({ code: 'custom', message: `Colour ${token} is required`, path: [token] });
  });

/** PUT /api/admin/brand: the name, the starting theme and every checked colour, or none (the theme's own). */
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
  /** Who did it, by user name: the id alone means nothing to an administrator. */
  username: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const adminAuditResponse = z.object({ entries: z.array(adminAuditEntry) });
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;
