// WCAG 2.1 relative luminance and contrast ratio, used by the theme tests to hold every pair to AA.

export interface Rgba {
  readonly r: number; // 0–255
  readonly g: number;
  readonly b: number;
  readonly a: number; // 0–1
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_FUNCTION = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+%?)\s*)?\)$/i;

/** Parses `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`, `rgba(…)` and `transparent`; throws on anything else. */
export function parseColor(value: string): Rgba {
  const text = value.trim();
  if (text.toLowerCase() === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const fn = RGB_FUNCTION.exec(text);
  if (fn !== null) {
    const alphaText = fn[4];
    const alpha =
      alphaText === undefined
        ? 1
        : alphaText.endsWith('%')
          ? Number(alphaText.slice(0, -1)) / 100
          : Number(alphaText);
    return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: alpha };
  }
  throw new Error(`Unsupported colour: ${value}`);
}

/** Paints `top` over an opaque `bottom` (source-over in sRGB, as browsers composite). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function linearChannel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.1 relative luminance of an opaque colour (alpha is ignored: composite first). */
export function relativeLuminance(color: Rgba): number {
  return 0.2126 * linearChannel(color.r) + 0.7152 * linearChannel(color.g) + 0.0722 * linearChannel(color.b);
}

/** Contrast ratio (1–21). A translucent foreground is composited over the background first. */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bg = typeof background === 'string' ? parseColor(background) : background;
  if (bg.a < 1) throw new Error('Background must be opaque: composite it over its backdrop first');
  const fgRaw = typeof foreground === 'string' ? parseColor(foreground) : foreground;
  const fg = fgRaw.a < 1 ? composite(fgRaw, bg) : fgRaw;
  const [lighter, darker] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** WCAG 2.1 AA thresholds. */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;
