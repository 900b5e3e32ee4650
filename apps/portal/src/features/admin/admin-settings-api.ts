// The calls of /admin/settings (issue 14), each answer parsed with its contract schema; the contract
// loads beside the first call. A saved change invalidates the tenant answer too, so the portal shows
// or hides a side area and uses the new fees without a reload. The payment platform is switched
// through the existing /paymentus calls.
import type {
  AdminSettingsResponse,
  AutopayRulesSettings,
  FeesSettings,
  NotificationTimings,
  OfferedPlan,
  PlanUploadRequest,
  SideAreasSettings,
} from '@gridfront/contracts/admin-settings';
import type { PaymentPlatform } from '@gridfront/contracts/tenant';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/admin-settings'));
const parse = async (raw: unknown) => (await contract()).adminSettingsResponse.parse(raw);
const saved = ['AdminSettings', 'AdminAudit', 'Tenant'] as const;

const settingsApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminSettings', 'AdminAudit', 'AdminPlatforms', 'Tenant'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminSettings: build.query<AdminSettingsResponse, void>({
        query: () => '/admin/settings',
        transformResponse: parse,
        providesTags: ['AdminSettings'],
      }),
      saveSideAreas: build.mutation<AdminSettingsResponse, SideAreasSettings>({
        query: (body) => ({ url: '/admin/settings/side-areas', method: 'PUT', body }),
        transformResponse: parse,
        invalidatesTags: [...saved],
      }),
      saveFees: build.mutation<AdminSettingsResponse, FeesSettings>({
        query: (body) => ({ url: '/admin/settings/fees', method: 'PUT', body }),
        transformResponse: parse,
        invalidatesTags: [...saved],
      }),
      saveNotificationTimings: build.mutation<AdminSettingsResponse, NotificationTimings>({
        query: (body) => ({ url: '/admin/settings/notifications', method: 'PUT', body }),
        transformResponse: parse,
        invalidatesTags: ['AdminSettings', 'AdminAudit'],
      }),
      saveAutopayRules: build.mutation<AdminSettingsResponse, AutopayRulesSettings>({
        query: (body) => ({ url: '/admin/settings/autopay', method: 'PUT', body }),
        transformResponse: parse,
        invalidatesTags: ['AdminSettings', 'AdminAudit'],
      }),
      uploadPlan: build.mutation<OfferedPlan, PlanUploadRequest>({
        query: (body) => ({ url: '/admin/settings/plans', method: 'POST', body }),
        invalidatesTags: ['AdminSettings', 'AdminAudit'],
      }),
      setPlanOffered: build.mutation<OfferedPlan, { id: string; offered: boolean }>({
        query: ({ id, offered }) => ({
          url: `/admin/settings/plans/${encodeURIComponent(id)}`,
          method: 'PUT',
          body: { offered },
        }),
        invalidatesTags: ['AdminSettings', 'AdminAudit'],
      }),
      adminPaymentPlatforms: build.query<PaymentPlatform[], void>({
        query: () => '/paymentus/getPaymentPlatform',
        providesTags: ['AdminPlatforms'],
      }),
      activatePaymentPlatform: build.mutation<PaymentPlatform[], string>({
        query: (platformKey) => ({
          url: '/paymentus/updatePaymentPlatform',
          method: 'POST',
          body: { platformKey },
        }),
        invalidatesTags: ['AdminPlatforms', 'AdminAudit', 'Tenant'],
      }),
    }),
  });

export const {
  useAdminSettingsQuery,
  useSaveSideAreasMutation,
  useSaveFeesMutation,
  useSaveNotificationTimingsMutation,
  useSaveAutopayRulesMutation,
  useUploadPlanMutation,
  useSetPlanOfferedMutation,
  useAdminPaymentPlatformsQuery,
  useActivatePaymentPlatformMutation,
} = settingsApi;
