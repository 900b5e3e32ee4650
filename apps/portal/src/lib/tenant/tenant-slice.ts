// The tenant's public configuration in the store, read by a plain fetch of GET /api/tenant: every
// page needs it to draw, and RTK Query loads only with the pages that call the server through it
// (issue 7). Once the api is loaded, its getTenant query mirrors into this slice, so an
// administrator's change that invalidates 'Tenant' reaches every page (lib/api/connect-api.ts).
import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { config } from '../../config/env.ts';
import { authHeaders } from '../api/auth-headers.ts';
import { readAccessToken } from '../session/session-storage.ts';
import { type TenantConfig, tenantConfig } from './tenant-config.ts';

export type TenantStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface TenantState {
  status: TenantStatus;
  /** Null until the first answer; a failed read leaves the portal on its neutral defaults. */
  config: TenantConfig | null;
}

const initialState: TenantState = { status: 'idle', config: null };

export const tenantSlice = createSlice({
  name: 'tenant',
  initialState,
  reducers: {
    tenantRequested: (state) => {
      state.status = 'loading';
    },
    tenantLoaded: (state, action: PayloadAction<TenantConfig>) => {
      state.status = 'loaded';
      state.config = action.payload;
    },
    tenantFailed: (state) => {
      state.status = 'failed';
    },
  },
});

export const { tenantRequested, tenantLoaded, tenantFailed } = tenantSlice.actions;

export interface TenantRootState {
  tenant: TenantState;
}

export const selectTenantState = (state: TenantRootState): TenantState => state.tenant;

/** The id of the inline JSON in which the server's app shell carries the GET /api/tenant answer. */
export const TENANT_DATA_ID = 'gridfront-tenant';

/**
 * The tenant's answer the server wrote into the page (apps/server/src/plugins/app-shell.ts, issue 7),
 * so the first view draws without waiting for GET /api/tenant; null without one (a dev server, an
 * old shell) or when it cannot be read: then the page fetches it as before.
 */
export function readInlineTenant(doc: Pick<Document, 'getElementById'> | undefined): TenantConfig | null {
  const element = doc?.getElementById(TENANT_DATA_ID);
  if (element?.getAttribute('type') !== 'application/json' || !element.textContent) return null;
  try {
    const answer: unknown = JSON.parse(element.textContent);
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
    return tenantConfig.parse(answer);
  } catch {
    return null;
  }
}

/** GET /api/tenant, once per store (later readers share the answer); the same headers as every call. */
export function loadTenant() {
  return async (dispatch: Dispatch, getState: () => unknown): Promise<void> => {
    if (selectTenantState(getState() as TenantRootState).status !== 'idle') return;
    dispatch(tenantRequested());
    try {
      const base = typeof window === 'undefined' ? undefined : window.location.origin;
      const request = new Request(new URL(`${config.apiBase}/tenant`, base), {
        credentials: 'same-origin',
        headers: { ...authHeaders(readAccessToken()), Accept: 'application/json' },
      });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`GET /tenant answered ${response.status}`);
      dispatch(tenantLoaded(tenantConfig.parse(await response.json())));
    } catch {
      dispatch(tenantFailed());
    }
  };
}
