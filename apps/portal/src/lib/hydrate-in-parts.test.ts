// whenHydrated's bookkeeping. HydratedApart itself relies on Preact keeping a suspended instance
// (React discards it), so the parts are held here the way lazy parts hold them (holdHydration).
import { describe, expect, it } from 'vitest';
import { holdHydration, hydrateInParts, isHydrating, whenHydrated } from './hydrate-in-parts.tsx';

/** A promise and its resolve function. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const aTaskLater = () => new Promise((done) => setTimeout(done, 10));

describe('whenHydrated', () => {
  it('settles at once outside the first hydration', async () => {
    expect(isHydrating()).toBe(false);
    let settled = false;
    void whenHydrated().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('settles only once the last part held during the hydration has resumed', async () => {
    const first = deferred();
    const second = deferred();
    hydrateInParts(() => {
      holdHydration(first.promise);
      holdHydration(second.promise);
    });
    expect(isHydrating()).toBe(true);
    let settled = false;
    const hydrated = whenHydrated().then(() => {
      settled = true;
    });
    first.resolve();
    await aTaskLater();
    expect(settled).toBe(false);
    expect(isHydrating()).toBe(true);
    second.resolve();
    await hydrated;
    expect(isHydrating()).toBe(false);
    // Every caller is told, and a later one at once.
    await expect(whenHydrated()).resolves.toBeUndefined();
  });

  it('settles right after a hydration that held nothing', async () => {
    hydrateInParts(() => {});
    expect(isHydrating()).toBe(false);
    await expect(whenHydrated()).resolves.toBeUndefined();
  });
});
