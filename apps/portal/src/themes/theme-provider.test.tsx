import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEMES } from './registry.ts';
import { ThemePicker } from './theme-picker.tsx';
import { ThemeProvider, useTheme } from './theme-provider.tsx';
import { THEME_STORAGE_KEY } from './theme-store.ts';
import { THEME_TOKEN_NAMES } from './tokens.ts';

const root = document.documentElement;
const token = (name: string) => root.style.getPropertyValue(name);

function CurrentTheme() {
  const { themeId, theme, setTheme, themes } = useTheme();
  return (
    <div>
      <p data-testid="current">{`${themeId}:${theme.label}:${themes.length}`}</p>
      <button type="button" onClick={() => setTheme('darkBlue')}>
        dark blue
      </button>
    </div>
  );
}

beforeEach(() => {
  localStorage.clear();
  root.removeAttribute('style');
  root.removeAttribute('data-theme');
});

afterEach(cleanup);

describe('ThemeProvider', () => {
  it('leaves the default green theme to the stylesheet, and takes back what another theme set', () => {
    root.style.setProperty('--gf-header-bg', THEMES.red.colors['--gf-header-bg']);
    root.style.setProperty('color-scheme', 'dark');
    render(
      <ThemeProvider>
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('current').textContent).toBe('green:Green:9');
    expect(root.dataset.theme).toBe('green');
    // base.css declares every token of green (themes.test.ts): nothing is set inline.
    for (const name of THEME_TOKEN_NAMES) expect(token(name), name).toBe('');
    expect(token('color-scheme')).toBe('');
    expect(root.getAttribute('style') ?? '').toBe('');
  });

  it('applies every token of another theme to the document root', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'red');
    render(
      <ThemeProvider>
        <CurrentTheme />
      </ThemeProvider>,
    );
    for (const name of THEME_TOKEN_NAMES) expect(token(name), name).not.toBe('');
    expect(token('--gf-header-bg')).toBe(THEMES.red.colors['--gf-header-bg']);
    expect(token('--gf-background-image')).toBe(`url("${THEMES.red.backgroundImage}")`);
  });

  it('restores the theme stored under the "theme" key', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'clearWater');
    render(
      <ThemeProvider>
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('current').textContent).toBe('clearWater:Clear Water:9');
    expect(root.dataset.theme).toBe('clearWater');
    expect(token('--gf-footer-image')).toBe(`url("${THEMES.clearWater.footerImage}")`);
    expect(token('--gf-about-direction')).toBe('row');
  });

  it('ignores an invalid stored id and falls back to green', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    render(
      <ThemeProvider>
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(root.dataset.theme).toBe('green');
    expect(token('--gf-page-bg')).toBe('');
  });

  it('uses the tenant default until the user has chosen, and a valid stored choice over it', () => {
    const { rerender } = render(
      <ThemeProvider tenantDefault="lubbock">
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(root.dataset.theme).toBe('lubbock');
    // Tenant configuration arriving later still applies while nothing is chosen.
    rerender(
      <ThemeProvider tenantDefault="innpower">
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(root.dataset.theme).toBe('innpower');
    cleanup();

    localStorage.setItem(THEME_STORAGE_KEY, 'red');
    render(
      <ThemeProvider tenantDefault="lubbock">
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(root.dataset.theme).toBe('red');
  });

  it('falls back to green for an unknown tenant default', () => {
    render(
      <ThemeProvider tenantDefault="neon">
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(root.dataset.theme).toBe('green');
  });

  it('switches at runtime, persists the choice, and a remount restores it', () => {
    const first = render(
      <ThemeProvider tenantDefault="lubbock">
        <CurrentTheme />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'dark blue' }));
    expect(screen.getByTestId('current').textContent).toBe('darkBlue:Dark Blue:9');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('darkBlue');
    expect(root.dataset.theme).toBe('darkBlue');
    expect(token('--gf-page-bg')).toBe(THEMES.darkBlue.colors['--gf-page-bg']);
    expect(token('color-scheme')).toBe('dark');
    first.unmount();

    root.removeAttribute('style');
    render(
      <ThemeProvider tenantDefault="lubbock">
        <CurrentTheme />
      </ThemeProvider>,
    );
    expect(root.dataset.theme).toBe('darkBlue');
    expect(token('--gf-button-bg')).toBe(THEMES.darkBlue.colors['--gf-button-bg']);
  });

  it('follows a theme chosen in another tab', () => {
    render(
      <ThemeProvider>
        <CurrentTheme />
      </ThemeProvider>,
    );
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'goldenState');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'goldenState' }));
    });
    expect(root.dataset.theme).toBe('goldenState');
  });

  it('refuses useTheme outside the provider', () => {
    // React logs the thrown render error; the assertion is on the error itself.
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<CurrentTheme />)).toThrow('useTheme must be used inside <ThemeProvider>');
    } finally {
      console.error = original;
    }
  });
});

describe('ThemePicker', () => {
  it('is a labelled select listing every theme that switches and persists the theme', () => {
    render(
      <ThemeProvider>
        <ThemePicker label="Theme" />
      </ThemeProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Theme' }) as HTMLSelectElement;
    expect(select.value).toBe('green');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      Object.values(THEMES).map((theme) => theme.label),
    );
    fireEvent.change(select, { target: { value: 'black' } });
    expect(select.value).toBe('black');
    expect(root.dataset.theme).toBe('black');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('black');
  });

  it('can hide its label visually while keeping the accessible name', () => {
    render(
      <ThemeProvider>
        <ThemePicker label="Farbschema" hideLabel />
      </ThemeProvider>,
    );
    expect(screen.getByText('Farbschema').className).toBe('visually-hidden');
    expect(screen.getByRole('combobox', { name: 'Farbschema' })).toBeTruthy();
  });
});
