// Security headers for everything the process serves. The portal is built to need nothing
// outside its own origin, so the CSP is strict; the API reference page gets its own (docs.ts).
//
// The headers are helmet's, worked out once at start-up: @fastify/helmet builds a new helmet
// middleware (and parses every CSP directive again) on each request, which a profile of the
// billing API under load showed at 2.5–3.5 % of the process's time. Nothing here varies by request
// (no nonces, no directive functions), so one precomputed object is set on every reply instead: a
// route's own header (the reference page's CSP, the widget's Cross-Origin-Resource-Policy) still
// wins over it.
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { FIRST_VIEW_SCRIPT_HASH } from './app-shell.ts';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The app shell's one inline script, by its hash (app-shell.ts, issue 7: the server's first view).
  scriptSrc: ["'self'", FIRST_VIEW_SCRIPT_HASH],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // HSTS only means something over TLS; browsers ignore it on plain-HTTP localhost.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Same as the CSP's frame-ancestors 'none', for browsers that only know the older header.
  frameguard: { action: 'deny' },
};

export interface SecurityHeaders {
  /** Header name (as helmet writes it) and value, in helmet's order. */
  set: ReadonlyArray<readonly [string, string]>;
  /** Headers helmet takes away (X-Powered-By). */
  removed: readonly string[];
}

/** What helmet writes on a response for these options, recorded from one run of its middleware. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): SecurityHeaders {
  const set: Array<readonly [string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}

const securityPlugin: FastifyPluginAsync = async (app) => {
  const { set, removed } = securityHeaders();
  // One object of lower-case names, as Fastify keeps a reply's headers: each request copies it into
  // the reply, and Node checks each header once when the head is written. Setting them on the raw
  // response one setHeader at a time checked each twice (setHeader, then every header Fastify
  // adds at writeHead went through setHeader as well): about 5 % of a billing call's own CPU time.
  // A route's own reply.header() comes later and replaces the value, as before.
  const headers: Readonly<Record<string, string>> = Object.freeze(
    Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value])),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    for (const name of removed) reply.removeHeader(name);
    done();
  });
};

export const security = fp(securityPlugin, { name: 'security' });
