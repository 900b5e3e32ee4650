// The portal's route table (spec point 2). Page names feed the login-required toast
// 'Please log in to access the {page name} page'.
export type RouteAccess = 'public' | 'guestOnly' | 'loginRequired' | 'standalone';

export interface PortalRoute {
  readonly path: string;
  readonly page: string;
  readonly access: RouteAccess;
}

export const portalRoutes = [
  { path: '/', page: 'Home', access: 'public' },
  { path: '/home', page: 'Home', access: 'public' },
  { path: '/services', page: 'Services', access: 'public' },
  { path: '/aboutus', page: 'About Us', access: 'public' },
  { path: '/contactus', page: 'Contact Us', access: 'public' },
  { path: '/todo', page: 'To-Do', access: 'public' },
  // Beyond the spec's table: the utility's legal documents, linked from every page's footer.
  { path: '/privacy', page: 'Privacy Policy', access: 'public' },
  { path: '/terms', page: 'Terms of Use', access: 'public' },
  // The payments host's hosted checkout page (spec point 7's payments host), opened by a payment token.
  { path: '/pay/checkout', page: 'Make a Payment', access: 'public' },
  { path: '/paybill', page: 'Pay Bill', access: 'guestOnly' },
  { path: '/login', page: 'Login', access: 'guestOnly' },
  { path: '/signup', page: 'Sign Up', access: 'guestOnly' },
  { path: '/forgotUsername', page: 'Forgot Username', access: 'guestOnly' },
  { path: '/forgotPassword', page: 'Forgot Password', access: 'guestOnly' },
  { path: '/forgotAccountNo', page: 'Forgot Account Number', access: 'guestOnly' },
  { path: '/emailVerify', page: 'Email Verification', access: 'guestOnly' },
  { path: '/twoFactorAuth', page: 'Two-Factor Authentication', access: 'guestOnly' },
  { path: '/createProfile', page: 'Create Profile', access: 'guestOnly' },
  { path: '/usage', page: 'Usage', access: 'loginRequired' },
  { path: '/settings', page: 'Settings', access: 'loginRequired' },
  { path: '/accountInfo', page: 'Account Information', access: 'loginRequired' },
  { path: '/net2grid', page: 'Net2grid', access: 'standalone' },
  { path: '/gridx', page: 'Gridx', access: 'standalone' },
] as const satisfies readonly PortalRoute[];

export type PortalPath = (typeof portalRoutes)[number]['path'];

export function pageNameFor(path: string): string | undefined {
  return portalRoutes.find((route) => route.path.toLowerCase() === path.toLowerCase())?.page;
}
