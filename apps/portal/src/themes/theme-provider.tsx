// React context over the theme store: current theme, runtime switching, persistence.
import type { ThemeId } from '@gridfront/contracts/constants';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { isThemeId, THEME_LIST, THEMES } from './registry.ts';
import {
  applyTheme,
  readStoredThemeId,
  resolveThemeId,
  storeThemeId,
  THEME_STORAGE_KEY,
} from './theme-store.ts';
import type { ThemeDefinition } from './tokens.ts';

export interface ThemeContextValue {
  readonly theme: ThemeDefinition;
  readonly themeId: ThemeId;
  /** Switches theme at runtime and remembers it; unknown ids are ignored. */
  readonly setTheme: (id: ThemeId) => void;
  readonly themes: readonly ThemeDefinition[];
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export interface ThemeProviderProps {
  readonly children?: ReactNode;
  /** The tenant's default theme; used until the user picks one. Invalid values fall back to green. */
  readonly tenantDefault?: string | null;
  /**
   * The tenant's colour overrides (issue 14), laid over its default theme only: a visitor who picks
   * another theme sees that theme as designed.
   */
  readonly tenantColors?: Readonly<Record<string, string>>;
}

/**
 * A theme with the tenant's colours laid over it. Where the tenant set its own header colour, the
 * theme's tinted veil over its header art (lubbock, innpower, clearWater) would paint the theme's
 * colour over the tenant's, so the veil becomes the tenant's colour itself: the header shows the
 * colour the administrator chose and checked for contrast.
 */
export function brandedTheme(
  base: ThemeDefinition,
  overrides: Readonly<Record<string, string>>,
): ThemeDefinition {
  const colors: Record<string, string> = { ...base.colors, ...overrides };
  const header = overrides['--gf-header-bg'];
  const ownHeader =
    header !== undefined && header.toLowerCase() !== base.colors['--gf-header-bg'].toLowerCase();
  if (
    ownHeader &&
    overrides['--gf-header-overlay'] === undefined &&
    base.colors['--gf-header-overlay'] !== 'transparent'
  )
    colors['--gf-header-overlay'] = header;
  return { ...base, colors: colors as ThemeDefinition['colors'] };
}

export function ThemeProvider({ children, tenantDefault, tenantColors }: ThemeProviderProps) {
  const [chosenId, setChosenId] = useState<ThemeId | null>(() => readStoredThemeId());
  const themeId = resolveThemeId(chosenId, tenantDefault);
  const base = THEMES[themeId];
  const overrides = themeId === tenantDefault ? tenantColors : undefined;
  const overrideKey = overrides ? JSON.stringify(overrides) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: overrideKey stands for overrides' content
  const theme = useMemo<ThemeDefinition>(
    () => (overrides && Object.keys(overrides).length > 0 ? brandedTheme(base, overrides) : base),
    [base, overrideKey],
  );

  // Layout effect so the tokens land before the browser paints the new theme.
  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Follow a choice made in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setChosenId(readStoredThemeId());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((id: ThemeId) => {
    if (!isThemeId(id)) return;
    storeThemeId(id);
    setChosenId(id);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, themeId, setTheme, themes: THEME_LIST }),
    [theme, themeId, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (value === null) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
