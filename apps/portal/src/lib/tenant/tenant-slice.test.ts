// Issue 7: the tenant is read by a plain fetch (Home draws without RTK Query); once the api is
// loaded, its getTenant query keeps the slice fresh when a change invalidates 'Tenant'.
import { PAYMENT_PLATFORM_DEFAULT } from '@gridfront/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.ts';
import { api, tenantApi } from '../api/api.ts';
import { sessionEnded } from '../session/session-slice.ts';
import { loadTenant, readInlineTenant, TENANT_DATA_ID, tenantLoaded } from './tenant-slice.ts';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
let name = 'Lubbock Power';

function answer() {
  return Response.json({
    name,
    defaultTheme: 'lubbock',
    paymentPlatforms: [
      { platformKey: 'paymentus', name: 'Paymentus', isEnable: false },
      { platformKey: 'stripe', name: 'Stripe', isEnable: true },
    ],
  });
}

const tenantCalls = () =>
  fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname === '/api/tenant').length;

/** Lets fetches, thunks and the api's own promises settle. */
const settle = () => new Promise((done) => setTimeout(done, 20));

beforeEach(() => {
  name = 'Lubbock Power';
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => answer());
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('tenant slice', () => {
  it('reads GET /api/tenant once, however many ask, and sets the active payment platform', async () => {
    const store = createStore();
    expect(store.getState().tenant.status).toBe('idle');
    await Promise.all([store.dispatch(loadTenant()), store.dispatch(loadTenant())]);
    await settle();
    expect(store.getState().tenant).toMatchObject({ status: 'loaded', config: { name: 'Lubbock Power' } });
    expect(store.getState().pageConfig.paymentPlatform).toBe('stripe');
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Authorization')).toMatch(/^Basic /);
    // The api's getTenant query starts from this answer: no second request.
    expect(tenantCalls()).toBe(1);
    expect(tenantApi.endpoints.getTenant.select()(store.getState() as never).data?.name).toBe(
      'Lubbock Power',
    );
  });

  it('reads the tenant again when a change invalidates it (an administrator renames the utility)', async () => {
    const store = createStore();
    await store.dispatch(loadTenant());
    await settle();
    name = 'Lubbock Power & Light';
    store.dispatch(api.util.invalidateTags(['Tenant']));
    await vi.waitFor(() => expect(store.getState().tenant.config?.name).toBe('Lubbock Power & Light'));
    expect(tenantCalls()).toBe(2);
  });

  it('keeps the neutral defaults when the server cannot be reached', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 503 }));
    const store = createStore();
    await store.dispatch(loadTenant());
    expect(store.getState().tenant).toEqual({ status: 'failed', config: null });
    expect(store.getState().pageConfig.paymentPlatform).toBe(PAYMENT_PLATFORM_DEFAULT);
  });

  it('clears what the api fetched for the previous user on logout, and keeps the tenant fresh after', async () => {
    const store = createStore();
    await store.dispatch(loadTenant());
    await settle();
    store.dispatch(sessionEnded());
    await settle();
    expect(store.getState().tenant.config?.name).toBe('Lubbock Power');
    name = 'Renamed';
    store.dispatch(api.util.invalidateTags(['Tenant']));
    await vi.waitFor(() => expect(store.getState().tenant.config?.name).toBe('Renamed'));
  });

  it("starts loaded from the answer the server's shell carries, and the api still keeps it fresh", async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = TENANT_DATA_ID;
    data.textContent = JSON.stringify({
      name: 'Inline Power </script>',
      defaultTheme: 'lubbock',
      paymentPlatforms: [{ platformKey: 'stripe', name: 'Stripe', isEnable: true }],
    });
    document.head.append(data);
    try {
      const inline = readInlineTenant(document);
      expect(inline?.name).toBe('Inline Power </script>');
      const store = createStore();
      if (inline) store.dispatch(tenantLoaded(inline));
      expect(store.getState().tenant).toMatchObject({
        status: 'loaded',
        config: { name: 'Inline Power </script>' },
      });
      expect(store.getState().pageConfig.paymentPlatform).toBe('stripe');
      // The first view asked nothing of the server; a change that invalidates 'Tenant' still reaches it.
      await store.dispatch(loadTenant());
      await settle();
      expect(tenantCalls()).toBe(0);
      store.dispatch(api.util.invalidateTags(['Tenant']));
      await vi.waitFor(() => expect(store.getState().tenant.config?.name).toBe('Lubbock Power'));
    } finally {
      data.remove();
    }
  });

  it('reads no inline answer that is missing, not JSON data, or not an object', () => {
    expect(readInlineTenant(document)).toBeNull();
    expect(readInlineTenant(undefined)).toBeNull();
    for (const [type, text] of [
      ['application/json', '{not json'],
      ['application/json', '[1,2]'],
      ['text/plain', '{"name":"Not JSON data"}'],
    ] as const) {
      const element = document.createElement('script');
      element.type = type;
      element.id = TENANT_DATA_ID;
      element.textContent = text;
      document.head.append(element);
      try {
        expect(readInlineTenant(document), `${type} ${text}`).toBeNull();
      } finally {
        element.remove();
      }
    }
  });
});
