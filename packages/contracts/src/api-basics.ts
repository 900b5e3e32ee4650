// The parts of the API contract that need no zod: where each host is mounted and the spec's Basic
// header. Re-exported by api.ts; the portal imports this module directly to keep zod out of its
// first load (issue 7).
// Where each host is mounted in the one process (DESIGN.md, process layout).
export const HOST_PREFIXES = { api: '/api', ml: '/ml', pay: '/pay' } as const;
export type HostName = keyof typeof HOST_PREFIXES;

/** Builds the spec's fixed Basic authorization header from the tenant app's public client credential. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const raw = `${clientId}:${clientSecret}`;
  const encoded = typeof btoa === 'function' ? btoa(raw) : Buffer.from(raw, 'utf8').toString('base64');
  return `Basic ${encoded}`;
}
