// The analytics loader flag (spec point 4): "cleared before each fetch and set true on failure".
// It is not a spinner: it turns true when an analytics call has failed and stays so until the next
// call starts, and while it is true the dashboard shows what failed with a way to try again.
import { useSyncExternalStore } from 'react';

export type LoaderEvent = 'fetch' | 'failure' | 'success';

/** The flag after an event: a fetch clears it, a failure sets it, a success leaves it. */
export function nextLoaderFlag(flag: boolean, event: LoaderEvent): boolean {
  if (event === 'fetch') return false;
  if (event === 'failure') return true;
  return flag;
}

let flag = false;
const listeners = new Set<() => void>();

export const loaderFlag = {
  get: () => flag,
  record(event: LoaderEvent) {
    const next = nextLoaderFlag(flag, event);
    if (next === flag) return;
    flag = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useLoaderFlag(): boolean {
  return useSyncExternalStore(loaderFlag.subscribe, loaderFlag.get, loaderFlag.get);
}
