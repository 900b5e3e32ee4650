// whenIdle: each stage in its order (the load event, a delay, an idle moment or its fallback), and a
// cancel that stops whichever stage is still to come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

let idleCallbacks: Map<number, IdleRequestCallback>;
let idleTimeouts: number[];

function withIdleCallbacks(): void {
  idleCallbacks = new Map();
  idleTimeouts = [];
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
    idleCallbacks.set(next, callback);
    idleTimeouts.push(options?.timeout ?? 0);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idleCallbacks.delete(id));
}

function goIdle(): void {
  const waiting = [...idleCallbacks.values()];
  idleCallbacks.clear();
  for (const callback of waiting) callback({ didTimeout: false, timeRemaining: () => 50 });
}

function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

beforeEach(() => {
  vi.useFakeTimers();
  setReadyState('complete');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
});

describe('whenIdle', () => {
  it('runs at the next idle moment, with the timeout asked for', () => {
    withIdleCallbacks();
    const run = vi.fn();
    whenIdle(run, { timeout: 1000 });
    expect(run).not.toHaveBeenCalled();
    expect(idleTimeouts).toEqual([1000]);
    goIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event, then the delay, then an idle moment', () => {
    withIdleCallbacks();
    setReadyState('loading');
    const run = vi.fn();
    whenIdle(run, { afterLoad: true, delay: 800, timeout: 2000 });
    vi.advanceTimersByTime(5000);
    expect(idleCallbacks.size).toBe(0);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(799);
    expect(idleCallbacks.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect(idleCallbacks.size).toBe(1);
    expect(run).not.toHaveBeenCalled();
    goIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback delay where requestIdleCallback is missing', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, { timeout: 5000, fallbackDelay: 1000 });
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, at whichever stage', () => {
    withIdleCallbacks();
    setReadyState('loading');
    const beforeLoad = vi.fn();
    whenIdle(beforeLoad, { afterLoad: true, timeout: 100 })();
    const duringDelay = vi.fn();
    const cancelDelay = whenIdle(duringDelay, { delay: 500, timeout: 100 });
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(100);
    cancelDelay();
    const waitingForIdle = vi.fn();
    const cancelIdle = whenIdle(waitingForIdle, { timeout: 100 });
    // Only the last is waiting for an idle moment: the others stopped before they asked for one.
    expect(idleCallbacks.size).toBe(1);
    cancelIdle();
    vi.advanceTimersByTime(10_000);
    goIdle();
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(duringDelay).not.toHaveBeenCalled();
    expect(waitingForIdle).not.toHaveBeenCalled();
  });
});
