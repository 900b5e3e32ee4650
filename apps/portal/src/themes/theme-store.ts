// Persistence and application of the selected theme, free of React so the app entry can apply it before first paint.
import { DEFAULT_THEME, type ThemeId } from '@gridfront/contracts/constants';
import { isThemeId, THEMES } from './registry.ts';
import { type ThemeDefinition, themeTokens } from './tokens.ts';

/** localStorage key holding the user's chosen theme id (spec: selected theme is restored from local storage). */
export const THEME_STORAGE_KEY = 'theme';

function browserStorage(): Storage | undefined {
  // Reading localStorage throws when storage is disabled (privacy modes, sandboxed frames).
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored theme id, or null when nothing valid is stored. */
export function readStoredThemeId(storage: Storage | undefined = browserStorage()): ThemeId | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeId(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeThemeId(id: ThemeId, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, id);
  } catch {
    // Quota or disabled storage: the choice still applies for this visit.
  }
}

/** The user's choice wins, then a valid tenant default, then green. */
export function resolveThemeId(chosen: ThemeId | null, tenantDefault?: string | null): ThemeId {
  if (chosen !== null) return chosen;
  return isThemeId(tenantDefault) ? tenantDefault : DEFAULT_THEME;
}

/**
 * Sets the theme's tokens on `root` through CSSOM (allowed under `style-src 'self'`, unlike style
 * attributes or inline style elements), plus `data-theme` and the matching `color-scheme` for native
 * controls. The default theme, unbranded, is base.css's own (its :root declares every token of it, a test
 * checks): for it the tokens set for another theme are removed, and none is set. On the server's
 * first view, drawn in that theme, the app's start then changes no style of <html>, where 50 tokens
 * set inline made the browser restyle the whole page after its first paint (issue 7).
 */
export function applyTheme(theme: ThemeDefinition, root: HTMLElement = document.documentElement): void {
  const stylesheetsOwn = theme === THEMES[DEFAULT_THEME];
  for (const [name, value] of Object.entries(themeTokens(theme))) {
    if (stylesheetsOwn) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
  // Without a declared scheme the browser draws controls light, as the default theme is.
  if (stylesheetsOwn || !theme.dark) root.style.removeProperty('color-scheme');
  else root.style.setProperty('color-scheme', 'dark');
  root.dataset.theme = theme.id;
}
