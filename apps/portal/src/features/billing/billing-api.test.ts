// The answers' contracts (zod schemas, a long evaluation on a phone) are asked for when the first
// call starts, not when the page's modules run (issue 7), and each answer is still parsed with them.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ billing: 0, usage: 0 }));

vi.mock('@gridfront/contracts/billing', async (importOriginal) => {
  loaded.billing += 1;
  return importOriginal();
});
vi.mock('@gridfront/contracts/usage', async (importOriginal) => {
  loaded.usage += 1;
  return importOriginal();
});

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // RTK Query logs the failed parse of the broken answers below.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

it('loads the billing and usage contracts with their first calls, and parses the answers with them', async () => {
  const { createStore } = await import('../../app/store.ts');
  const { billingApi } = await import('./billing-api.ts');
  const { usageApi } = await import('../usage/usage-api.ts');
  // The modules have run; no contract yet.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(loaded).toEqual({ billing: 0, usage: 0 });

  const store = createStore();
  // An answer that breaks the contract is an error, not data: the parse happened.
  fetchMock.mockImplementation(async () => Response.json({ accounts: 'not a list' }));
  const user = await store.dispatch(billingApi.endpoints.getUserDetails.initiate());
  expect(loaded).toEqual({ billing: 1, usage: 0 });
  expect(user.isError).toBe(true);
  expect(user.data).toBeUndefined();

  const usage = await store.dispatch(
    usageApi.endpoints.usageYears.initiate({ accountId: 'A-1', utilityType: 'electricity' } as never),
  );
  expect(loaded.usage).toBe(1);
  expect(usage.isError).toBe(true);
});
