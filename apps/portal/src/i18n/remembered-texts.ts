// Each text a page shows without values ('account.tariff', 'history.heading') is looked up once per
// language, then remembered (issue 7: total blocking time on a phone). i18next resolves every call
// again: it copies its options twice, splits the key, walks the namespaces and the resource tree and
// runs the interpolator, some 70 µs a call on this machine's Chromium while the page's code is still
// cold. /accountInfo makes about 370 calls as it loads, mostly for the same 130 texts, which came to
// 25–28 ms of its main thread, four times that on Lighthouse's phone. Calls with options (values,
// counts, a default) still go to i18next each time: their answer depends on what they pass.
import type { i18n as I18n } from 'i18next';

type Translate = ((key: unknown, ...rest: unknown[]) => unknown) & {
  lng?: string;
  lngs?: readonly string[];
  ns?: unknown;
  keyPrefix?: unknown;
};

/**
 * Makes `instance.getFixedT` (what useTranslation, use-translation.ts, calls) return a `t` that remembers
 * the texts it is asked for by key alone. What is remembered is forgotten whenever it could change:
 * the language changes, or a namespace's texts are loaded, added or removed.
 */
export function rememberPlainTexts(instance: I18n): void {
  let remembered = new Map<string, unknown>();
  const forget = () => {
    remembered = new Map();
  };
  instance.on('languageChanged', forget);
  instance.on('loaded', forget);
  instance.store.on('added', forget);
  instance.store.on('removed', forget);

  const fixedTOf = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => Translate;
  const getFixedT = (...args: unknown[]): Translate => {
    const fixedT = fixedTOf(...args);
    // The language(s), namespace(s) and prefix a fixed t was made for: part of what a key means.
    const scope = `${JSON.stringify([fixedT.lng ?? fixedT.lngs ?? null, fixedT.ns ?? null, fixedT.keyPrefix ?? null])}\u0000`;
    const t: Translate = (key, ...rest) => {
      if (typeof key !== 'string' || rest.some((arg) => arg !== undefined)) return fixedT(key, ...rest);
      const id = scope + key;
      const known = remembered.get(id);
      if (known !== undefined) return known;
      const text = fixedT(key);
      remembered.set(id, text);
      return text;
    };
    // Callers read these from the function itself.
    t.lng = fixedT.lng;
    t.lngs = fixedT.lngs;
    t.ns = fixedT.ns;
    t.keyPrefix = fixedT.keyPrefix;
    return t;
  };
  instance.getFixedT = getFixedT as unknown as I18n['getFixedT'];
}
