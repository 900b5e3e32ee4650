// The portal's useTranslation: `const { t, i18n } = useTranslation('billing')`, as react-i18next's
// reads, on a fraction of its work (issue 7: Total Blocking Time on a phone). react-i18next's hook
// runs about fifteen hooks in every component that shows a text, and on each one's first render
// copies every property of the i18next instance into a wrapper object (createI18nWrapper): on
// /accountInfo 8-11% of the page's JavaScript as it loads, in a cold-load CPU profile at 4x throttle.
// This one reads the language through one subscription per component and hands out one `t` per
// instance, language and namespace. The same contract: it suspends until its namespaces' texts are
// loaded in the current language (the first namespace is the one keys are read from, the others are
// reached as 'ns:key'), and renders again when the language changes (i18next loads the new
// language's texts for every namespace asked for before it says so).
import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next';
import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { i18n as appTexts } from './i18n.ts';

type Namespaces = FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]];

export interface Translation<N extends Namespaces> {
  t: TFunction<N>;
  i18n: I18n;
}

// Another i18next instance for a subtree: the server's first view renders each request in its own.
const TextsContext = createContext<I18n | null>(null);

export function TextsProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(TextsContext.Provider, { value: i18n }, children);
}

const subscriptions = new WeakMap<I18n, (changed: () => void) => () => void>();
function subscribeTo(instance: I18n): (changed: () => void) => () => void {
  let subscribe = subscriptions.get(instance);
  if (!subscribe) {
    subscribe = (changed) => {
      instance.on('languageChanged', changed);
      return () => instance.off('languageChanged', changed);
    };
    subscriptions.set(instance, subscribe);
  }
  return subscribe;
}

type AnyT = (...args: never[]) => unknown;
const fixedTs = new WeakMap<I18n, Map<string, AnyT>>();
const loading = new WeakMap<I18n, Map<string, Promise<void>>>();

function mapFor<V>(maps: WeakMap<I18n, Map<string, V>>, instance: I18n): Map<string, V> {
  let map = maps.get(instance);
  if (!map) {
    map = new Map();
    maps.set(instance, map);
  }
  return map;
}

export function useTranslation<const N extends Namespaces = 'translation'>(namespaces?: N): Translation<N> {
  const instance = useContext(TextsContext) ?? appTexts;
  const read = () => instance.language;
  const language = useSyncExternalStore(subscribeTo(instance), read, read);
  const names: readonly string[] =
    namespaces === undefined ? ['translation'] : typeof namespaces === 'string' ? [namespaces] : namespaces;
  const key = `${language}\u0000${names.join('\u0000')}`;
  if (!names.every((name) => instance.hasLoadedNamespace(name, { lng: language }))) {
    const waits = mapFor(loading, instance);
    let wait = waits.get(key);
    if (!wait) {
      wait = instance.loadNamespaces([...names]).finally(() => waits.delete(key));
      waits.set(key, wait);
    }
    throw wait;
  }
  const ts = mapFor(fixedTs, instance);
  let t = ts.get(key);
  if (!t) {
    t = instance.getFixedT(language, names[0] as FlatNamespace) as AnyT;
    ts.set(key, t);
  }
  return { t: t as unknown as Translation<N>['t'], i18n: instance };
}
