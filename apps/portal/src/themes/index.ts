// Public surface of the themes module.
export {
  AA_NON_TEXT,
  AA_TEXT,
  composite,
  contrastRatio,
  parseColor,
  type Rgba,
  relativeLuminance,
} from './contrast.ts';
export { getTheme, isThemeId, THEME_LIST, THEMES } from './registry.ts';
export { ThemePicker, type ThemePickerProps } from './theme-picker.tsx';
export {
  type ThemeContextValue,
  ThemeProvider,
  type ThemeProviderProps,
  useTheme,
} from './theme-provider.tsx';
export {
  applyTheme,
  readStoredThemeId,
  resolveThemeId,
  storeThemeId,
  THEME_STORAGE_KEY,
} from './theme-store.ts';
export {
  type AboutDirection,
  type ChartPalette,
  COLOR_TOKEN_NAMES,
  type ColorTokenName,
  chartPalette,
  LAYOUT_TOKEN_NAMES,
  type LayoutTokenName,
  THEME_TOKEN_NAMES,
  type ThemeColors,
  type ThemeDefinition,
  type ThemeTokenName,
  type ThemeTokens,
  themeTokens,
} from './tokens.ts';
