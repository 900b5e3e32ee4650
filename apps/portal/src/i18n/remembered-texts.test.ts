// The remembered texts (issue 7): a text asked for by key alone is looked up once, and what is
// remembered never outlives a change of language or of the texts themselves.
import i18next, { type i18n as I18n } from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberPlainTexts } from './remembered-texts.ts';

let instance: I18n;
let lookups: ReturnType<typeof vi.spyOn>;

/** A fixed t without the portal's typed keys (these tests bring their own texts). */
type LooseT = ((key: string, options?: Record<string, unknown>) => string) & {
  lng?: string;
  ns?: unknown;
  keyPrefix?: unknown;
};
const fixedT = (lng: string | null, ns?: string, keyPrefix?: string): LooseT =>
  (instance.getFixedT as unknown as (...args: unknown[]) => LooseT)(lng, ns, keyPrefix);

beforeEach(async () => {
  instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    resources: {
      en: {
        translation: {
          bill: { heading: 'Your bill', due: 'Due {{date}}' },
          items_one: 'one item',
          items_other: '{{count}} items',
        },
        billing: { pay: 'Pay now' },
      },
      de: {
        translation: { bill: { heading: 'Ihre Rechnung', due: 'Fällig {{date}}' } },
        billing: { pay: 'Jetzt zahlen' },
      },
    },
  });
  rememberPlainTexts(instance);
  const { translator } = instance as unknown as {
    translator: { translate: (...args: unknown[]) => unknown };
  };
  lookups = vi.spyOn(translator, 'translate');
});

describe('rememberPlainTexts', () => {
  it('looks a text up once, however often a page asks for it, and answers as i18next does', () => {
    const t = fixedT('en');
    expect(t('bill.heading')).toBe('Your bill');
    expect(t('bill.heading')).toBe('Your bill');
    expect(fixedT('en')('bill.heading')).toBe('Your bill');
    expect(lookups).toHaveBeenCalledTimes(1);
    // A missing key answers the key, as before; the namespace and language are part of the key.
    expect(t('bill.nothing')).toBe('bill.nothing');
    expect(fixedT('en', 'billing')('pay')).toBe('Pay now');
    expect(fixedT('de', 'billing')('pay')).toBe('Jetzt zahlen');
    expect(fixedT('de')('bill.heading')).toBe('Ihre Rechnung');
  });

  it('asks i18next every time for a call with values, counts or other options', () => {
    const t = fixedT('en');
    expect(t('bill.due', { date: 'May 1' })).toBe('Due May 1');
    expect(t('bill.due', { date: 'June 2' })).toBe('Due June 2');
    expect(t('items', { count: 1 })).toBe('one item');
    expect(t('items', { count: 3 })).toBe('3 items');
    expect(lookups).toHaveBeenCalledTimes(4);
  });

  it('forgets when the language changes, for a t that follows the current language', async () => {
    const current = fixedT(null);
    expect(current('bill.heading')).toBe('Your bill');
    await instance.changeLanguage('de');
    expect(current('bill.heading')).toBe('Ihre Rechnung');
  });

  it('forgets when texts are added, replaced or removed', () => {
    const t = fixedT('en', 'billing');
    expect(t('pay')).toBe('Pay now');
    instance.addResourceBundle('en', 'billing', { pay: 'Pay your bill' }, true, true);
    expect(t('pay')).toBe('Pay your bill');
    instance.removeResourceBundle('en', 'billing');
    expect(t('pay')).toBe('pay');
  });

  it('keeps what callers read from a fixed t', () => {
    const t = fixedT('de', 'billing', 'prefix');
    expect(t.lng).toBe('de');
    expect(t.ns).toBe('billing');
    expect(t.keyPrefix).toBe('prefix');
  });
});
