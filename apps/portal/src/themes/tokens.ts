// The CSS custom properties every theme defines; CSS modules consume them with var(--gf-…).
import type { ThemeId } from '@gridfront/contracts/constants';

/** Colour tokens: each value is a CSS colour (hex, or rgba for the header overlay). */
export const COLOR_TOKEN_NAMES = [
  '--gf-page-bg',
  '--gf-page-fg',
  '--gf-surface-bg',
  '--gf-surface-fg',
  '--gf-muted-fg',
  '--gf-border',
  '--gf-link',
  '--gf-focus-ring',
  '--gf-header-bg',
  '--gf-header-fg',
  '--gf-header-overlay',
  '--gf-footer-bg',
  '--gf-footer-fg',
  '--gf-hero-bg',
  '--gf-hero-fg',
  '--gf-button-bg',
  '--gf-button-fg',
  '--gf-button-hover-bg',
  '--gf-button-secondary-bg',
  '--gf-button-secondary-fg',
  '--gf-dialog-bg',
  '--gf-dialog-fg',
  '--gf-dialog-header-bg',
  '--gf-dialog-header-fg',
  '--gf-table-header-bg',
  '--gf-table-header-fg',
  '--gf-table-row-alt-bg',
  '--gf-stats-electricity-bg',
  '--gf-stats-electricity-fg',
  '--gf-stats-gas-bg',
  '--gf-stats-gas-fg',
  '--gf-stats-water-bg',
  '--gf-stats-water-fg',
  '--gf-stats-sewer-bg',
  '--gf-stats-sewer-fg',
  '--gf-payment-box-bg',
  '--gf-payment-box-fg',
  '--gf-chart-1',
  '--gf-chart-2',
  '--gf-chart-3',
  '--gf-chart-4',
  '--gf-chart-5',
  '--gf-chart-6',
  '--gf-about-bg',
  '--gf-about-fg',
  '--gf-success',
  '--gf-danger',
  '--gf-warning',
] as const;

/** Tokens derived from a theme's assets and layout flags rather than written as colours. */
export const LAYOUT_TOKEN_NAMES = [
  '--gf-header-image',
  '--gf-footer-image',
  '--gf-background-image',
  '--gf-background-size',
  '--gf-about-direction',
  '--gf-radius',
] as const;

export const THEME_TOKEN_NAMES = [...COLOR_TOKEN_NAMES, ...LAYOUT_TOKEN_NAMES] as const;

export type ColorTokenName = (typeof COLOR_TOKEN_NAMES)[number];
export type LayoutTokenName = (typeof LAYOUT_TOKEN_NAMES)[number];
export type ThemeTokenName = ColorTokenName | LayoutTokenName;

export type ThemeColors = Readonly<Record<ColorTokenName, string>>;
export type ThemeTokens = Readonly<Record<ThemeTokenName, string>>;

export type AboutDirection = 'row' | 'row-reverse' | 'column';

export type ChartPalette = readonly [string, string, string, string, string, string];

export interface ThemeDefinition {
  readonly id: ThemeId;
  /** Display name shown in the theme picker. */
  readonly label: string;
  /**
   * URL of the theme's mark (art only, no words), drawn to read on `--gf-header-bg`. The header's name
   * and logo are always the tenant's own (issue 14): a theme's mark never names a utility.
   */
  readonly logo: string;
  /** URL of the subtle page background. */
  readonly backgroundImage: string;
  readonly headerImage?: string;
  readonly footerImage?: string;
  readonly aboutDirection: AboutDirection;
  /** CSS background-size of the page background (e.g. `cover`, `420px auto`). */
  readonly backgroundSize: string;
  /** CSS length for corner radius of buttons, cards, dialogs. */
  readonly radius: string;
  /** Whether text is light on dark surfaces; lets components pick a matching icon set or chart theme. */
  readonly dark: boolean;
  readonly colors: ThemeColors;
}

function cssUrl(url: string | undefined): string {
  // JSON.stringify quotes and escapes, which is valid CSS string syntax for these asset paths.
  return url === undefined ? 'none' : `url(${JSON.stringify(url)})`;
}

/** Every CSS custom property of a theme, ready to be set on an element. */
export function themeTokens(theme: ThemeDefinition): ThemeTokens {
  return {
    ...theme.colors,
    '--gf-header-image': cssUrl(theme.headerImage),
    '--gf-footer-image': cssUrl(theme.footerImage),
    '--gf-background-image': cssUrl(theme.backgroundImage),
    '--gf-background-size': theme.backgroundSize,
    '--gf-about-direction': theme.aboutDirection,
    '--gf-radius': theme.radius,
  };
}

/** The six series colours, in order, for chart libraries that take colours from JavaScript (ECharts). */
export function chartPalette(theme: ThemeDefinition): ChartPalette {
  const c = theme.colors;
  return [
    c['--gf-chart-1'],
    c['--gf-chart-2'],
    c['--gf-chart-3'],
    c['--gf-chart-4'],
    c['--gf-chart-5'],
    c['--gf-chart-6'],
  ];
}
