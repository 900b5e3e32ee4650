// Which proxies may tell the server a client's address (X-Forwarded-For): parsed from TRUST_PROXY
// by config.ts, turned into Fastify's trustProxy option by app.ts.
import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';

/**
 * None, a fixed number of hops in front of this process, or the proxies' own addresses (IPs, CIDR
 * ranges, or proxy-addr's names loopback, linklocal, uniquelocal). Never "everyone": Fastify would
 * then take the left-most X-Forwarded-For entry, which the client writes itself.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_PROXY_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The TRUST_PROXY variable: false, a hop count, or a comma-separated list; `true` is refused. */
export const trustProxySetting = z.string().transform((text, ctx): TrustProxy => {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true is refused: it trusts every X-Forwarded-For entry, so a client could pick its own address. ' +
        'Give the number of proxies in front of this server (e.g. 1) or their addresses / CIDR ranges ' +
        '(e.g. 10.0.0.0/8,loopback)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return { hops };
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = addresses.filter((entry) => !isProxyAddress(entry));
  if (addresses.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected false, a hop count from 1 to ${MAX_PROXY_HOPS}, or a comma-separated list of proxy addresses / CIDR ranges${bad.length ? ` (not an address: ${bad.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  return { addresses };
});

/**
 * Fastify's trustProxy for the configured proxies. A hop count becomes a function trusting that
 * many addresses from the socket inwards, so the client address is the right-most
 * X-Forwarded-For entry the proxies did not write themselves (Fastify ignores a plain number).
 * A hop count cannot tell a proxy from a client that connects directly: it is only safe where
 * nothing reaches the server except through the proxies, which is why addresses are preferred.
 */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('hops' in trust) return (_address: string, hop: number) => hop < trust.hops;
  return trust.addresses;
}
