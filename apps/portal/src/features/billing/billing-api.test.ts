// The answers' contracts (zod schemas, a long evaluation on a phone) are asked for when the first
// call that needs them starts, not when the page's modules run (issue 7); each call loads only its own
// answer's schemas; and each answer is still parsed with them.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({
  accounts: 0,
  bill: 0,
  billing: 0,
  usageAnswers: 0,
  usage: 0,
  greenButton: 0,
}));

vi.mock('@gridfront/contracts/billing-accounts', async (importOriginal) => {
  loaded.accounts += 1;
  return importOriginal();
});
vi.mock('@gridfront/contracts/billing-bill', async (importOriginal) => {
  loaded.bill += 1;
  return importOriginal();
});
vi.mock('@gridfront/contracts/billing', async (importOriginal) => {
  loaded.billing += 1;
  return importOriginal();
});
vi.mock('@gridfront/contracts/usage-answers', async (importOriginal) => {
  loaded.usageAnswers += 1;
  return importOriginal();
});
vi.mock('@gridfront/contracts/usage', async (importOriginal) => {
  loaded.usage += 1;
  return importOriginal();
});
vi.mock('@gridfront/contracts/green-button', async (importOriginal) => {
  loaded.greenButton += 1;
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

const accountId = '0b8f1c1e-5d6a-4b7c-8e9f-0a1b2c3d4e5f';

it('loads each answer’s schemas with its first call, only those, and parses the answers with them', async () => {
  const { createStore } = await import('../../app/store.ts');
  const { billingApi } = await import('./billing-api.ts');
  const { usageApi } = await import('../usage/usage-api.ts');
  const { greenButtonApi } = await import('../usage/green-button/green-button-api.ts');
  // The modules have run; no contract yet.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(loaded).toEqual({ accounts: 0, bill: 0, billing: 0, usageAnswers: 0, usage: 0, greenButton: 0 });

  const store = createStore();
  // An answer that breaks the contract is an error, not data: the parse happened.
  fetchMock.mockImplementation(async () => Response.json({ accounts: 'not a list' }));
  const user = await store.dispatch(billingApi.endpoints.getUserDetails.initiate());
  // The accounts' schemas only: not the bill's, the history's or the requests'.
  expect(loaded).toEqual({ accounts: 1, bill: 0, billing: 0, usageAnswers: 0, usage: 0, greenButton: 0 });
  expect(user.isError).toBe(true);
  expect(user.data).toBeUndefined();

  const bill = await store.dispatch(billingApi.endpoints.getBillDetails.initiate({ accountId }));
  expect(loaded).toMatchObject({ bill: 1, billing: 0 });
  expect(bill.isError).toBe(true);

  const history = await store.dispatch(billingApi.endpoints.transactionDetails.initiate({ accountId }));
  expect(loaded.billing).toBe(1);
  expect(history.isError).toBe(true);

  const usage = await store.dispatch(
    usageApi.endpoints.usageYears.initiate({ accountId, utilityType: 'electricity' } as never),
  );
  // The usage answers' schemas, without the usage contract's requests (and the billing ones it imports).
  expect(loaded).toMatchObject({ usageAnswers: 1, usage: 0 });
  expect(usage.isError).toBe(true);

  const uploads = await store.dispatch(greenButtonApi.endpoints.greenButtonUploads.initiate());
  expect(loaded.greenButton).toBe(1);
  expect(uploads.isError).toBe(true);
});

it('passes an answer that keeps the contract', async () => {
  const { createStore } = await import('../../app/store.ts');
  const { billingApi } = await import('./billing-api.ts');
  const answer = {
    userId: accountId,
    username: 'demo',
    fullName: 'Demo Customer',
    email: 'demo@example.com',
    accounts: [],
  };
  fetchMock.mockImplementation(async () => Response.json(answer));
  const user = await createStore().dispatch(billingApi.endpoints.getUserDetails.initiate());
  expect(user.isError).toBe(false);
  expect(user.data).toEqual(answer);
});
