// The nine themes keyed by id, in the order of THEME_IDS.
import { DEFAULT_THEME, THEME_IDS, type ThemeId } from '@gridfront/contracts/constants';
import { blackTheme } from './definitions/black.ts';
import { blueTheme } from './definitions/blue.ts';
import { clearWaterTheme } from './definitions/clear-water.ts';
import { darkBlueTheme } from './definitions/dark-blue.ts';
import { goldenStateTheme } from './definitions/golden-state.ts';
import { greenTheme } from './definitions/green.ts';
import { innpowerTheme } from './definitions/innpower.ts';
import { lubbockTheme } from './definitions/lubbock.ts';
import { redTheme } from './definitions/red.ts';
import type { ThemeDefinition } from './tokens.ts';

export const THEMES: Readonly<Record<ThemeId, ThemeDefinition>> = {
  green: greenTheme,
  red: redTheme,
  blue: blueTheme,
  black: blackTheme,
  darkBlue: darkBlueTheme,
  goldenState: goldenStateTheme,
  innpower: innpowerTheme,
  lubbock: lubbockTheme,
  clearWater: clearWaterTheme,
};

export const THEME_LIST: readonly ThemeDefinition[] = THEME_IDS.map((id) => THEMES[id]);

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && (THEME_IDS as readonly string[]).includes(value);
}

/** The theme for an id, or the default theme for anything unknown. */
export function getTheme(id: string | null | undefined): ThemeDefinition {
  return isThemeId(id) ? THEMES[id] : THEMES[DEFAULT_THEME];
}
