// Which page each route of the spec's table shows; every page is its own lazily loaded chunk.
import type { PortalPath } from '@gridfront/contracts/routes';
import type { ComponentType } from 'react';
import type { en } from '../i18n/locales/en.ts';

export type PageKey = keyof typeof en.pageNames;

interface PageModule {
  default: ComponentType;
}

export interface PageEntry {
  key: PageKey;
  load: () => Promise<PageModule>;
}

// A visitor sees the marketing Home, a signed-in customer My Account (home-route.tsx). My Account's
// chunk is imported from here, the entry, whose preload list names most of its files already: from
// home-route.tsx that list would be written out again into a visitor's Home.
const loadMyAccount = () => import('../features/my-account/my-account-page.tsx');
const home = () =>
  import('./home-route.tsx').then((module) => ({ default: module.homeRoute(loadMyAccount) }));

export const pages: Record<PortalPath, PageEntry> = {
  '/': { key: 'home', load: home },
  '/home': { key: 'home', load: home },
  '/services': { key: 'services', load: () => import('../features/marketing/services-page.tsx') },
  '/aboutus': { key: 'aboutUs', load: () => import('../features/marketing/about-page.tsx') },
  '/contactus': { key: 'contactUs', load: () => import('../features/contact/contact-page.tsx') },
  '/todo': { key: 'todo', load: () => import('../features/service-requests/todo-page.tsx') },
  '/privacy': { key: 'privacy', load: () => import('../features/marketing/privacy-page.tsx') },
  '/terms': { key: 'terms', load: () => import('../features/marketing/terms-page.tsx') },
  '/paybill': { key: 'payBill', load: () => import('../features/payments/pay-bill-page.tsx') },
  '/pay/checkout': { key: 'checkout', load: () => import('../features/payments/checkout-page.tsx') },
  '/login': { key: 'login', load: () => import('../features/auth/login-page.tsx') },
  '/signup': { key: 'signUp', load: () => import('../features/auth/sign-up-page.tsx') },
  '/forgotUsername': {
    key: 'forgotUsername',
    load: () => import('../features/auth/forgot-username-page.tsx'),
  },
  '/forgotPassword': {
    key: 'forgotPassword',
    load: () => import('../features/auth/forgot-password-page.tsx'),
  },
  '/forgotAccountNo': {
    key: 'forgotAccountNo',
    load: () => import('../features/auth/forgot-account-no-page.tsx'),
  },
  '/emailVerify': { key: 'emailVerify', load: () => import('../features/auth/email-verify-page.tsx') },
  '/twoFactorAuth': { key: 'twoFactorAuth', load: () => import('../features/auth/two-factor-auth-page.tsx') },
  '/createProfile': {
    key: 'createProfile',
    load: () => import('../features/settings/create-profile-page.tsx'),
  },
  '/usage': { key: 'usage', load: () => import('../features/usage/usage-page.tsx') },
  '/settings': { key: 'settings', load: () => import('../features/settings/settings-page.tsx') },
  '/accountInfo': { key: 'accountInfo', load: () => import('../features/billing/account-info-page.tsx') },
  '/net2grid': { key: 'net2grid', load: () => import('../features/insights/net2grid-page.tsx') },
  '/gridx': { key: 'gridx', load: () => import('../features/rates/gridx-page.tsx') },
};
