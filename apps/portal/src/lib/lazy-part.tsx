// Lazily loaded parts of a page whose useId values are the same on the server and in the browser
// (issue 7: the portal runs on Preact, vite.config.ts). Preact's useId counts the calls of one render
// in the order they run, and a lazy part runs when its code has come: on the server after the rest
// of the page (preact-render-to-string renders a suspended part last, or at once when an earlier
// render loaded its code already), in the browser whenever its chunk arrives, perhaps after the
// toasts or the session dialog took the next numbers. The hydrated page keeps the server's ids in
// the DOM while Preact's components hold their own, so a later aria-describedby naming a hint drawn
// by the server would point at nothing. Here each lazy part counts its own ids under a prefix taken
// from where it stands (a useId of the page around it, whose order is fixed), so its ids no longer
// depend on when its code came. Under React, useId is positional already and this adds nothing.
import { type ComponentProps, type ComponentType, createElement, lazy, useRef } from 'react';
import { i18n, registeredNamespaceNames } from '../i18n/i18n.ts';
import { holdHydration } from './hydrate-in-parts.tsx';
import { IdScope, marker } from './id-scope.tsx';

const loaders = new Set<() => Promise<unknown>>();

/**
 * Loads the code of every lazy part made so far, and of those their code makes, until none is left
 * (the server, before its first view: entry-server.tsx). A part then renders in the same pass as the
 * rest of the page (it still suspends once, on its first render, which re-renders nothing but its
 * markers), and no text namespace it registers is missing when it renders.
 */
export async function loadLazyParts(): Promise<void> {
  const loaded = new Set<() => Promise<unknown>>();
  for (;;) {
    const pending = [...loaders].filter((load) => !loaded.has(load));
    if (pending.length === 0) return;
    for (const load of pending) loaded.add(load);
    await Promise.all(pending.map((load) => load()));
  }
}

interface LazyPartOptions {
  /**
   * A large part of the first view, with parts of its own (HydratedApart, hydrate-in-parts.tsx):
   * while the app hydrates, the hydration in parts goes on until this part's code has come, so the
   * parts inside it hydrate a task each rather than all in the task its code arrives in.
   */
  partsInside?: boolean;
}

/**
 * React's `lazy`, whose part counts its useId values in its own IdScope, marked on the server. Its
 * code resolves once the text namespaces it registered are loaded too: inside the part nothing
 * suspends again (a component suspending after its siblings took their ids would take its own after
 * them in the browser, before them on the server).
 */
// biome-ignore lint/suspicious/noExplicitAny: as React's own `lazy`, a component of whatever props
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  { partsInside = false }: LazyPartOptions = {},
): T {
  loaders.add(load);
  let loading: Promise<{ default: T }> | undefined;
  const loadWithTexts = () =>
    (loading ??= load().then(async (module) => {
      await i18n.loadNamespaces(registeredNamespaceNames());
      return module;
    }));
  const Part = lazy(loadWithTexts);
  function ScopedPart(props: ComponentProps<T>) {
    const held = useRef(false);
    if (partsInside && !held.current) {
      held.current = true;
      holdHydration(loadWithTexts());
    }
    return (
      <IdScope>
        {marker('$s')}
        {createElement(Part, props)}
        {marker('/$s')}
      </IdScope>
    );
  }
  return ScopedPart as unknown as T;
}
