import { readFileSync } from 'node:fs';
import { THEME_IDS } from '@gridfront/contracts';
import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT, AA_TEXT, composite, contrastRatio, parseColor, type Rgba } from './contrast.ts';
import { THEME_LIST, THEMES } from './registry.ts';
import {
  COLOR_TOKEN_NAMES,
  type ColorTokenName,
  THEME_TOKEN_NAMES,
  type ThemeDefinition,
  themeTokens,
} from './tokens.ts';

type Pair = readonly [foreground: ColorTokenName, background: ColorTokenName];

// Every text colour against the background it is drawn on.
const TEXT_PAIRS: readonly Pair[] = [
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
  ['--gf-stats-electricity-fg', '--gf-stats-electricity-bg'],
  ['--gf-stats-gas-fg', '--gf-stats-gas-bg'],
  ['--gf-stats-water-fg', '--gf-stats-water-bg'],
  ['--gf-stats-sewer-fg', '--gf-stats-sewer-bg'],
  ['--gf-payment-box-fg', '--gf-payment-box-bg'],
  ['--gf-about-fg', '--gf-about-bg'],
  // Status colours are text/icon colours on surfaces (messages, badges, field errors).
  ['--gf-success', '--gf-surface-bg'],
  ['--gf-danger', '--gf-surface-bg'],
  ['--gf-warning', '--gf-surface-bg'],
];

// Non-text contrast (WCAG 1.4.11): focus indicator and chart series against what they sit on.
const NON_TEXT_PAIRS: readonly Pair[] = [
  ['--gf-focus-ring', '--gf-page-bg'],
  ['--gf-focus-ring', '--gf-surface-bg'],
  ['--gf-chart-1', '--gf-surface-bg'],
  ['--gf-chart-2', '--gf-surface-bg'],
  ['--gf-chart-3', '--gf-surface-bg'],
  ['--gf-chart-4', '--gf-surface-bg'],
  ['--gf-chart-5', '--gf-surface-bg'],
  ['--gf-chart-6', '--gf-surface-bg'],
];

// The SVG sources, to check the colours they paint behind text.
const ASSET_SOURCES = import.meta.glob<string>('./assets/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Source of an imported asset URL (`/src/themes/assets/x.svg?no-inline` in tests, or a data URL). */
function assetSource(url: string): string {
  if (url.startsWith('data:')) {
    const [meta = '', body = ''] = url.split(',', 2);
    return meta.endsWith(';base64') ? atob(body) : decodeURIComponent(body);
  }
  const file = url.split('?')[0]?.split('/').pop() ?? '';
  const source = ASSET_SOURCES[`./assets/${file}`];
  if (source === undefined) throw new Error(`No asset source for ${url}`);
  return source;
}

/** Every hex colour painted in an SVG: text must hold its contrast over any of them. */
function svgColours(url: string): Rgba[] {
  const hexes = assetSource(url).match(/#[0-9a-f]{6}\b/gi) ?? [];
  return [...new Set(hexes.map((hex) => hex.toLowerCase()))].map(parseColor);
}

function textFills(url: string): string[] {
  return [...assetSource(url).matchAll(/<text[^>]*\bfill="(#[0-9a-fA-F]{6})"/g)].map(
    (match) => match[1] ?? '',
  );
}

/** What header text can land on: the header colour, and each colour of the header art, under the overlay. */
function headerBackdrops(theme: ThemeDefinition): Rgba[] {
  const overlay = parseColor(theme.colors['--gf-header-overlay']);
  const base = [parseColor(theme.colors['--gf-header-bg'])];
  const art = theme.headerImage === undefined ? [] : svgColours(theme.headerImage);
  return [...base, ...art].map((backdrop) => composite(overlay, backdrop));
}

const format = (ratio: number) => ratio.toFixed(2);

describe('contrast', () => {
  it('computes WCAG ratios for known colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(format(contrastRatio('#777777', '#ffffff'))).toBe('4.48');
    expect(format(contrastRatio('#767676', '#fff'))).toBe('4.54');
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('parses the colour forms used by themes and composites translucent ones', () => {
    expect(parseColor('rgba(0, 60, 100, 0.7)')).toEqual({ r: 0, g: 60, b: 100, a: 0.7 });
    expect(parseColor('#336699cc').a).toBeCloseTo(0.8, 5);
    expect(parseColor('transparent').a).toBe(0);
    expect(composite(parseColor('rgba(0, 0, 0, 0.5)'), parseColor('#ffffff'))).toEqual({
      r: 127.5,
      g: 127.5,
      b: 127.5,
      a: 1,
    });
    expect(() => parseColor('chartreuse')).toThrow('Unsupported colour');
  });
});

describe('theme registry', () => {
  it('has exactly the spec theme ids, in order, each under its own id', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_IDS].sort());
    expect(THEME_LIST.map((theme) => theme.id)).toEqual([...THEME_IDS]);
    for (const id of THEME_IDS) expect(THEMES[id].id).toBe(id);
  });

  it('gives every theme a distinct label and a distinct palette', () => {
    const labels = THEME_LIST.map((theme) => theme.label);
    expect(labels.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
    const palettes = THEME_LIST.map((theme) => JSON.stringify(theme.colors));
    expect(new Set(palettes).size).toBe(palettes.length);
    const headers = THEME_LIST.map((theme) => theme.colors['--gf-header-bg']);
    expect(new Set(headers).size).toBe(headers.length);
  });
});

describe.each(THEME_LIST.map((theme) => [theme.id, theme] as const))('theme %s', (_id, theme) => {
  const tokens = themeTokens(theme);

  it('defines every token with a usable value', () => {
    expect(Object.keys(tokens).sort()).toEqual([...THEME_TOKEN_NAMES].sort());
    for (const name of COLOR_TOKEN_NAMES) expect(() => parseColor(tokens[name]), name).not.toThrow();
    for (const name of ['--gf-header-image', '--gf-footer-image', '--gf-background-image'] as const) {
      expect(tokens[name], name).toMatch(/^(none|url\(".+"\))$/);
    }
    expect(tokens['--gf-background-image']).not.toBe('none');
    expect(['row', 'row-reverse', 'column']).toContain(tokens['--gf-about-direction']);
    expect(tokens['--gf-background-size']).toMatch(/^(cover|contain|auto|\d+(px|%) (auto|\d+(px|%)))$/);
    expect(tokens['--gf-radius']).toMatch(/^\d+px$/);
    // Only themes with header art need an overlay; a stray overlay would tint a plain header.
    const overlay = parseColor(tokens['--gf-header-overlay']);
    if (theme.headerImage === undefined) expect(overlay.a).toBe(0);
    // Text colours are opaque, so the contrast checked is the contrast drawn.
    for (const [foreground] of [...TEXT_PAIRS, ...NON_TEXT_PAIRS])
      expect(parseColor(tokens[foreground]).a).toBe(1);
  });

  it.each(TEXT_PAIRS)(`keeps %s on %s at ${AA_TEXT}:1 or more`, (foreground, background) => {
    const ratio = contrastRatio(theme.colors[foreground], theme.colors[background]);
    expect(ratio, `${theme.id}: ${foreground} on ${background} is ${format(ratio)}:1`).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
  });

  it.each(NON_TEXT_PAIRS)(`keeps %s against %s at ${AA_NON_TEXT}:1 or more`, (foreground, background) => {
    const ratio = contrastRatio(theme.colors[foreground], theme.colors[background]);
    expect(ratio, `${theme.id}: ${foreground} on ${background} is ${format(ratio)}:1`).toBeGreaterThanOrEqual(
      AA_NON_TEXT,
    );
  });

  it('keeps header text readable over the header colour, art and overlay', () => {
    for (const backdrop of headerBackdrops(theme)) {
      for (const text of [theme.colors['--gf-header-fg'], ...textFills(theme.logo)]) {
        const ratio = contrastRatio(text, backdrop);
        expect(ratio, `${theme.id}: ${text} over header is ${format(ratio)}:1`).toBeGreaterThanOrEqual(
          AA_TEXT,
        );
      }
    }
  });

  // Issue 14: four themes put another utility's name (Golden State, InnPower, Lubbock, Clearwater)
  // beside the tenant's. A theme gives colours and art; its mark carries no words and no name.
  it('draws a mark only: no wordmark, title or label naming a utility', () => {
    const source = assetSource(theme.logo);
    expect(source).toContain('<svg');
    expect(source).not.toMatch(/<text|<title|aria-label/);
    expect(source).not.toMatch(/golden state|innpower|lubbock|clear ?water|gridfront|utilities/i);
  });

  it('keeps page text and links readable over every colour of the page background art', () => {
    for (const art of svgColours(theme.backgroundImage)) {
      for (const text of [theme.colors['--gf-page-fg'], theme.colors['--gf-link']]) {
        const ratio = contrastRatio(text, art);
        expect(
          ratio,
          `${theme.id}: ${text} over background art is ${format(ratio)}:1`,
        ).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });

  it('keeps footer text readable over the footer art', () => {
    const art = theme.footerImage === undefined ? [] : svgColours(theme.footerImage);
    for (const colour of art) {
      const ratio = contrastRatio(theme.colors['--gf-footer-fg'], colour);
      expect(ratio, `${theme.id}: footer text over footer art is ${format(ratio)}:1`).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    }
  });
});

/**
 * The ring colour a layout band's CSS gives `:focus-visible` (issue 7: it was currentColor, a select's
 * dark text on the dark header). Read from disk: the test runner stubs CSS imports.
 */
function bandRingToken(file: string, selector: string): ColorTokenName {
  const css = readFileSync(`${import.meta.dirname}/../app/layouts/${file}`, 'utf8');
  const escaped = selector.replace('.', '\\.');
  const rule = new RegExp(
    `${escaped} :focus-visible \\{[^}]*outline-color:\\s*var\\((--gf-[a-z0-9-]+)\\)`,
  ).exec(css);
  const token = rule?.[1];
  const known: readonly string[] = COLOR_TOKEN_NAMES;
  if (token === undefined || !known.includes(token)) {
    throw new Error(
      `${file} ${selector} :focus-visible must take its outline colour from a theme colour token`,
    );
  }
  return token as ColorTokenName;
}

describe.each(THEME_LIST.map((theme) => [theme.id, theme] as const))(
  'focus ring on the bands of theme %s',
  (_id, theme) => {
    // WCAG 1.4.11: the ring needs 3:1 against whatever it is drawn over, in every theme.
    it('keeps the header ring (site header and slim header) at 3:1 over the header and its art', () => {
      for (const [file, selector] of [
        ['site-header.module.css', '.header'],
        ['layout.module.css', '.slimHeader'],
      ] as const) {
        const ring = theme.colors[bandRingToken(file, selector)];
        for (const backdrop of headerBackdrops(theme)) {
          const ratio = contrastRatio(ring, backdrop);
          expect(ratio, `${theme.id}: ${selector} ring ${ring} is ${format(ratio)}:1`).toBeGreaterThanOrEqual(
            AA_NON_TEXT,
          );
        }
      }
    });

    it('keeps the footer ring at 3:1 over the footer and its art', () => {
      const ring = theme.colors[bandRingToken('site-footer.module.css', '.footer')];
      const art = theme.footerImage === undefined ? [] : svgColours(theme.footerImage);
      for (const backdrop of [parseColor(theme.colors['--gf-footer-bg']), ...art]) {
        const ratio = contrastRatio(ring, backdrop);
        expect(ratio, `${theme.id}: footer ring ${ring} is ${format(ratio)}:1`).toBeGreaterThanOrEqual(
          AA_NON_TEXT,
        );
      }
    });
  },
);

describe('base.css', () => {
  it('declares every token of the default theme with its value (the app sets none for it: applyTheme)', () => {
    // Read from disk: the test runner stubs CSS imports, `?raw` included.
    const baseCss = readFileSync(`${import.meta.dirname}/base.css`, 'utf8');
    const start = baseCss.indexOf(':root {');
    const root = baseCss.slice(start, baseCss.indexOf('}', start));
    const declared = new Map(
      [...root.matchAll(/(--gf-[a-z0-9-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value]),
    );
    const green = themeTokens(THEMES.green) as Readonly<Record<string, string>>;
    for (const [name, value] of Object.entries(green)) {
      const css = declared.get(name);
      // An image is the same file, named from the stylesheet (the bundler hashes both the same way).
      const image = /^url\("(.*)"\)$/.exec(value);
      const file = image?.[1]?.split('/').pop()?.split('?')[0];
      if (image) expect(css, name).toBe(`url("./assets/${file}")`);
      else expect(css, name).toBe(value);
    }
  });
});
