// Issue 14: the colours a utility's administrators saved are laid over its default theme only.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tenantConfig } from '../lib/tenant/tenant-config.ts';
import { THEMES } from './registry.ts';
import { ThemeProvider } from './theme-provider.tsx';
import { THEME_STORAGE_KEY } from './theme-store.ts';

const root = document.documentElement;
const token = (name: string) => root.style.getPropertyValue(name);
const brand = { '--gf-header-bg': '#123456', '--gf-header-fg': '#fefefe' };

beforeEach(() => {
  localStorage.clear();
  root.removeAttribute('style');
});
afterEach(cleanup);

describe('tenant brand colours', () => {
  it("lays the tenant's colours over its default theme and keeps the theme's other tokens", () => {
    render(<ThemeProvider tenantDefault="lubbock" tenantColors={brand} />);
    expect(root.dataset.theme).toBe('lubbock');
    expect(token('--gf-header-bg')).toBe('#123456');
    expect(token('--gf-header-fg')).toBe('#fefefe');
    expect(token('--gf-page-bg')).toBe(THEMES.lubbock.colors['--gf-page-bg']);
  });

  it("covers the theme's tinted header art with the tenant's own header colour", () => {
    expect(THEMES.lubbock.colors['--gf-header-overlay']).not.toBe('transparent');
    render(<ThemeProvider tenantDefault="lubbock" tenantColors={brand} />);
    expect(token('--gf-header-overlay')).toBe('#123456');
    cleanup();
    // The theme's own header colour saved again keeps the theme's veil as designed.
    const same = { '--gf-header-bg': THEMES.lubbock.colors['--gf-header-bg'].toUpperCase() };
    render(<ThemeProvider tenantDefault="lubbock" tenantColors={same} />);
    expect(token('--gf-header-overlay')).toBe(THEMES.lubbock.colors['--gf-header-overlay']);
  });

  it('leaves a theme the visitor picked as designed', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'darkBlue');
    render(<ThemeProvider tenantDefault="lubbock" tenantColors={brand} />);
    expect(token('--gf-header-bg')).toBe(THEMES.darkBlue.colors['--gf-header-bg']);
  });

  it('follows new colours without a reload', () => {
    const { rerender } = render(<ThemeProvider tenantDefault="green" tenantColors={brand} />);
    expect(token('--gf-header-bg')).toBe('#123456');
    rerender(<ThemeProvider tenantDefault="green" tenantColors={{ '--gf-header-bg': '#0a0a0a' }} />);
    expect(token('--gf-header-bg')).toBe('#0a0a0a');
  });

  it('reads only --gf- tokens with #rrggbb colours from the tenant answer', () => {
    const parsed = tenantConfig.parse({
      brandColors: {
        '--gf-link': '#003366',
        '--gf-page-bg': 'url(javascript:alert(1))',
        color: '#000000',
        '--gf-muted-fg': 12,
      },
    });
    expect(parsed.brandColors).toEqual({ '--gf-link': '#003366' });
    expect(tenantConfig.parse(undefined).brandColors).toEqual({});
  });
});
