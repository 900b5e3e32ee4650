// Typed translation keys: t('nav.home') is checked against the English resource.
import 'i18next';
import type { SideAreaTexts } from '../components/side-area/locales/en.ts';
import type { AdminContentTexts } from '../features/admin/content-locales/en.ts';
import type { AdminKnowledgeTexts } from '../features/admin/knowledge-locales/en.ts';
import type { AdminLanguagesTexts } from '../features/admin/languages-locales/en.ts';
import type { AdminTexts } from '../features/admin/locales/en.ts';
import type { AdminSettingsTexts } from '../features/admin/settings-locales/en.ts';
import type { AdminSiteKeysTexts } from '../features/admin/site-keys-locales/en.ts';
import type { AssistTexts } from '../features/assistant/locales/en.ts';
import type { BillingTexts } from '../features/billing/locales/en.ts';
import type { InsightsTexts } from '../features/insights/locales/en.ts';
import type { MyAccountTexts } from '../features/my-account/locales/en.ts';
import type { PaymentsTexts } from '../features/payments/locales/en.ts';
import type { RatesTexts } from '../features/rates/locales/en.ts';
import type { ServiceRequestTexts } from '../features/service-requests/locales/en.ts';
import type { NotificationTexts } from '../features/settings/notification-locales/en.ts';
import type { StaffTexts } from '../features/staff/locales/en.ts';
import type { ChartTexts } from '../features/usage/chart/locales/en.ts';
import type { GreenButtonTexts } from '../features/usage/green-button/locales/en.ts';
import type { UsageTexts } from '../features/usage/locales/en.ts';
import type { en } from './locales/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      billing: BillingTexts;
      payments: PaymentsTexts;
      charts: ChartTexts;
      usage: UsageTexts;
      greenButton: GreenButtonTexts;
      serviceRequests: ServiceRequestTexts;
      staff: StaffTexts;
      admin: AdminTexts;
      'admin-settings': AdminSettingsTexts;
      'admin-content': AdminContentTexts;
      'side-area': SideAreaTexts;
      'admin-knowledge': AdminKnowledgeTexts;
      'admin-languages': AdminLanguagesTexts;
      'admin-site-keys': AdminSiteKeysTexts;
      myAccount: MyAccountTexts;
      notifications: NotificationTexts;
      rates: RatesTexts;
      insights: InsightsTexts;
      assist: AssistTexts;
    };
  }
}
