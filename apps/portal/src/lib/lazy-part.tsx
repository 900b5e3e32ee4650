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
import {
  Component,
  type ComponentProps,
  type ComponentType,
  createElement,
  Fragment,
  lazy,
  type ReactNode,
  useId,
  useRef,
} from 'react';
import { i18n, registeredNamespaceNames } from '../i18n/i18n.ts';

/** Preact's vnode, as its hooks read it: `__m` is the [prefix, counter] that useId numbers from. */
interface IdScopeHost {
  __v?: { __m?: [string, number] };
}

/**
 * Puts `counter` on its own vnode (Preact sets a component's `__v` before rendering it, and so does
 * preact-render-to-string), where useId, walking up from a component below, finds it first.
 */
class IdCounter extends Component<{ counter: [string, number]; children: ReactNode }> {
  override render() {
    const vnode = (this as unknown as IdScopeHost).__v;
    if (vnode) vnode.__m = this.props.counter;
    return this.props.children;
  }
}

/**
 * Its children's useId values are `P<prefix>-<n>`, counted from 0 in the order they run, where the
 * prefix comes from this scope's own useId (deterministic: the scope itself is never lazy). The
 * counter is kept across re-renders, so a child mounted later gets the next number, never one given
 * already.
 */
export function IdScope({ children }: { children: ReactNode }) {
  const own = useId();
  const counter = useRef<[string, number]>([`${own.replace(/^P/, '')}s`, 0]);
  return <IdCounter counter={counter.current}>{children}</IdCounter>;
}

/**
 * On the server, a lazy part's markup between `<!--$s-->` and `<!--/$s-->`, always. In the browser
 * every lazy part suspends while the app hydrates (its code is fetched on its first render), and
 * Preact then keeps, for the part to take over when its code comes, the range between such markers,
 * or else the one node that follows: preact-render-to-string writes the markers only when the part
 * suspended on the server, which it does only until its code is loaded there (the first page
 * rendered), so a later page's part that drew nothing would take its next sibling (the whole page
 * beside AI Assist's bridge) and the page would be drawn twice. Empty Fragments on the client.
 */
const onServer = typeof document === 'undefined';
export const marker = (text: string) =>
  onServer ? createElement(Fragment, { UNSTABLE_comment: text } as Record<string, unknown>) : null;

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

/**
 * React's `lazy`, whose part counts its useId values in its own IdScope, marked on the server. Its
 * code resolves once the text namespaces it registered are loaded too: inside the part nothing
 * suspends again (a component suspending after its siblings took their ids would take its own after
 * them in the browser, before them on the server).
 */
// biome-ignore lint/suspicious/noExplicitAny: as React's own `lazy`, a component of whatever props
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T {
  loaders.add(load);
  const Part = lazy(() =>
    load().then(async (module) => {
      await i18n.loadNamespaces(registeredNamespaceNames());
      return module;
    }),
  );
  function ScopedPart(props: ComponentProps<T>) {
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
