// The page configuration of spec point 1: which payment platform is active for this tenant.
import { PAYMENT_PLATFORM_DEFAULT } from '@gridfront/contracts/constants';
import { createSlice } from '@reduxjs/toolkit';
import { activePaymentPlatform } from './tenant-config.ts';
import { tenantLoaded } from './tenant-slice.ts';

export interface PageConfig {
  paymentPlatform: string;
}

const initialState: PageConfig = { paymentPlatform: PAYMENT_PLATFORM_DEFAULT };

export const pageConfigSlice = createSlice({
  name: 'pageConfig',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(tenantLoaded, (state, action) => {
      const active = activePaymentPlatform(action.payload.paymentPlatforms);
      if (active) state.paymentPlatform = active.platformKey;
    });
  },
});

export const selectPaymentPlatform = (state: { pageConfig: PageConfig }): string =>
  state.pageConfig.paymentPlatform;
