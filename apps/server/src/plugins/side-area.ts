// The side areas a utility may switch off in /admin/settings (issue 14): energy insights
// (/api/net2grid), rate comparison (/api/gridx) and AI Assist (/ml). A route group of an area adds
// `app.addHook('onRequest', requireSideArea('…'))`; while the area is off every call of the group is
// answered 404 with a message naming the utility, before anything is read or validated. The flag
// lives on the tenant row the tenant plugin has already loaded, so an open area costs no query.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantSideAreas } from '../db/schema/tenants.ts';
import { sendError } from './errors.ts';

export type SideAreaKey = keyof TenantSideAreas;

const AREA_NAMES: Record<SideAreaKey, string> = {
  insights: 'Energy insights',
  rateComparison: 'Rate comparison',
  assistant: 'AI Assist',
};

export function sideAreaOffMessage(area: SideAreaKey, utilityName: string): string {
  return `${AREA_NAMES[area]} is not offered by ${utilityName}`;
}

/** Whether the tenant offers the area; rows older than the setting offer every area. */
export function sideAreaIsOn(
  sideAreas: Partial<TenantSideAreas> | null | undefined,
  area: SideAreaKey,
): boolean {
  return sideAreas?.[area] !== false;
}

export interface SideAreaGuardOptions {
  /** Paths of the group that stay open when the area is off (e.g. the knowledge base's editor). */
  except?: RegExp;
}

/** onRequest hook: 404 with a clear message when the request's utility has switched `area` off. */
export function requireSideArea(area: SideAreaKey, options: SideAreaGuardOptions = {}) {
  return async function sideAreaGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const tenant = request.tenant;
    // No tenant: the route's own tenant check answers as it always has.
    if (!tenant || sideAreaIsOn(tenant.sideAreas, area)) return;
    if (options.except?.test(request.url.split('?')[0] ?? '')) return;
    return sendError(reply, 404, sideAreaOffMessage(area, tenant.name));
  };
}
