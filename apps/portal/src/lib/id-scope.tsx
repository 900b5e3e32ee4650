// Scopes of useId values, and the markers around a part of the page the server drew, for the parts
// of a page that render later than the rest: lazily loaded parts (lazy-part.tsx) and parts hydrated
// in a task of their own (hydrate-in-parts.tsx). Preact's useId counts the calls of one render in the
// order they run, so a part that runs later would take other numbers in the browser than on the
// server; in its own scope its numbers depend only on where it stands (see lazy-part.tsx).
import { Component, createElement, Fragment, type ReactNode, useId, useRef } from 'react';

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
