// The portal's useTranslation (issue 7): react-i18next's contract on less work. It waits for its
// namespaces' texts, follows the language, and keeps one `t` per language and namespace.
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TextsProvider, useTranslation } from './use-translation.ts';

const texts: Record<string, Record<string, Record<string, string>>> = {
  en: { translation: { hello: 'Hello' }, billing: { pay: 'Pay now' } },
  de: { translation: { hello: 'Hallo' }, billing: { pay: 'Jetzt zahlen' } },
};

let instance: I18n;
/** Loads asked for and not yet answered, by 'language/namespace'. */
let pending: Map<string, () => void>;

afterEach(cleanup);

beforeEach(async () => {
  pending = new Map();
  const backend: BackendModule = {
    type: 'backend',
    init: () => {},
    read: (language, namespace, callback) => {
      pending.set(`${language}/${namespace}`, () => callback(null, texts[language]?.[namespace] ?? {}));
    },
  };
  instance = i18next.createInstance();
  const started = instance.use(backend).init({
    lng: 'en',
    fallbackLng: false,
    ns: ['translation'],
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  await answer('en/translation');
  await started;
});

/** Answers a load once it has been asked for (i18next asks a task or more later). */
async function answer(load: string): Promise<void> {
  const respond = await vi.waitFor(() => {
    const asked = pending.get(load);
    if (!asked) throw new Error(`nothing asked for ${load}; asked: ${[...pending.keys()].join(', ')}`);
    return asked;
  });
  pending.delete(load);
  respond();
}

const seen: unknown[] = [];
function Billing() {
  // Loose keys: these tests bring their own texts, not the portal's typed ones.
  const { t, i18n } = useTranslation(['billing', 'translation']) as unknown as {
    t: (key: string) => string;
    i18n: I18n;
  };
  seen.push(t);
  return (
    <p>
      {t('pay')} · {t('translation:hello')} · {i18n.language}
    </p>
  );
}

function renderBilling() {
  seen.length = 0;
  return render(
    <TextsProvider i18n={instance}>
      <Suspense fallback={<p>Loading</p>}>
        <Billing />
      </Suspense>
    </TextsProvider>,
  );
}

describe('useTranslation', () => {
  it("waits for its namespace's texts, then shows them (its first namespace, the others as ns:key)", async () => {
    renderBilling();
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(() => answer('en/billing'));
    expect(await screen.findByText('Pay now · Hello · en')).toBeTruthy();
  });

  it('follows a change of language, with the texts of every namespace asked for', async () => {
    renderBilling();
    await act(() => answer('en/billing'));
    await screen.findByText('Pay now · Hello · en');
    const changed = instance.changeLanguage('de');
    await act(async () => {
      await answer('de/translation');
      await answer('de/billing');
      await changed;
    });
    expect(await screen.findByText('Jetzt zahlen · Hallo · de')).toBeTruthy();
  });

  it('gives the same t to every render in one language, and another after a change', async () => {
    const view = renderBilling();
    await act(() => answer('en/billing'));
    await screen.findByText('Pay now · Hello · en');
    view.rerender(
      <TextsProvider i18n={instance}>
        <Suspense fallback={<p>Loading</p>}>
          <Billing />
        </Suspense>
      </TextsProvider>,
    );
    const english = seen.at(-1);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-2)).toBe(english);
    const changed = instance.changeLanguage('de');
    await act(async () => {
      await answer('de/translation');
      await answer('de/billing');
      await changed;
    });
    await screen.findByText('Jetzt zahlen · Hallo · de');
    expect(seen.at(-1)).not.toBe(english);
  });
});
