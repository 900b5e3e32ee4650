// Opens a hosted checkout URL from the payments host: inside the portal when the host is this
// origin (no reload), else as a full page load on the payments host.
import type { NavigateFunction } from 'react-router';
import { config } from '../../config/env.ts';

export function openCheckout(url: string, navigate: NavigateFunction): void {
  const payOrigin = new URL(config.payBase, window.location.origin).origin;
  const target = new URL(url, payOrigin);
  if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
  else window.location.assign(target.href);
}

/** A payments-host path as an absolute URL: the base query leaves absolute URLs alone. */
export function payHostUrl(path: string): string {
  return new URL(`${config.payBase}${path}`, window.location.origin).href;
}
