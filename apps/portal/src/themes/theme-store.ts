// Persistence and application of the selected theme, free of React so the app entry can apply it before first paint.
import { DEFAULT_THEME, type ThemeId } from '@gridfront/contracts/constants';
import { isThemeId } from './registry.ts';
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
 * Sets every token on `root` through CSSOM (allowed under `style-src 'self'`, unlike style attributes
 * or inline style elements), plus `data-theme` and the matching `color-scheme` for native controls.
 */
export function applyTheme(theme: ThemeDefinition, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeTokens(theme))) {
    root.style.setProperty(name, value);
  }
  root.style.setProperty('color-scheme', theme.dark ? 'dark' : 'light');
  root.dataset.theme = theme.id;
}
