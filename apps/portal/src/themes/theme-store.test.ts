import { beforeEach, describe, expect, it } from 'vitest';
import { THEMES } from './registry.ts';
import {
  applyTheme,
  readStoredThemeId,
  resolveThemeId,
  storeThemeId,
  THEME_STORAGE_KEY,
} from './theme-store.ts';

const brokenStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
} as unknown as Storage;

beforeEach(() => localStorage.clear());

describe('theme store', () => {
  it('round-trips a theme id through localStorage as the plain id', () => {
    storeThemeId('goldenState');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('goldenState');
    expect(readStoredThemeId()).toBe('goldenState');
  });

  it('reads nothing from an empty, invalid or unavailable storage', () => {
    expect(readStoredThemeId()).toBeNull();
    localStorage.setItem(THEME_STORAGE_KEY, '"green"');
    expect(readStoredThemeId()).toBeNull();
    expect(readStoredThemeId(brokenStorage)).toBeNull();
    expect(() => storeThemeId('red', brokenStorage)).not.toThrow();
  });

  it('resolves the choice first, then a valid tenant default, then green', () => {
    expect(resolveThemeId('black', 'lubbock')).toBe('black');
    expect(resolveThemeId(null, 'lubbock')).toBe('lubbock');
    expect(resolveThemeId(null, 'nope')).toBe('green');
    expect(resolveThemeId(null)).toBe('green');
  });

  it('applies tokens to any element without touching its style attribute text', () => {
    const element = document.createElement('div');
    applyTheme(THEMES.innpower, element);
    expect(element.dataset.theme).toBe('innpower');
    expect(element.style.getPropertyValue('--gf-header-overlay')).toBe('rgba(0, 44, 56, 0.72)');
    expect(element.style.getPropertyValue('--gf-header-image')).toBe(`url("${THEMES.innpower.headerImage}")`);
    expect(element.style.getPropertyValue('--gf-about-direction')).toBe('column');
  });
});
