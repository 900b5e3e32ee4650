import { describe, expect, it } from 'vitest';
import { pageNameFor, portalRoutes } from './routes.ts';

// Spec point 2, in its own order.
const SPEC_PATHS = [
  '/',
  '/home',
  '/services',
  '/aboutus',
  '/contactus',
  '/todo',
  '/paybill',
  '/login',
  '/signup',
  '/forgotUsername',
  '/forgotPassword',
  '/forgotAccountNo',
  '/emailVerify',
  '/twoFactorAuth',
  '/createProfile',
  '/usage',
  '/settings',
  '/accountInfo',
  '/net2grid',
  '/gridx',
];

describe('route table', () => {
  it('holds every path of the spec once, and the legal pages the footer links to', () => {
    const paths = portalRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, '/privacy', '/terms', '/pay/checkout'].sort());
    expect(pageNameFor('/usage')).toBe('Usage');
    expect(pageNameFor('/accountInfo')).toBe('Account Information');
    expect(pageNameFor('/privacy')).toBe('Privacy Policy');
  });

  it('puts each path in the group the spec names', () => {
    const access = (path: string) => portalRoutes.find((route) => route.path === path)?.access;
    expect(access('/paybill')).toBe('guestOnly');
    expect(access('/settings')).toBe('loginRequired');
    expect(access('/gridx')).toBe('standalone');
    expect(access('/terms')).toBe('public');
  });
});
