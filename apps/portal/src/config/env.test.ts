import { describe, expect, it } from 'vitest';
import { parsePortalConfig } from './env.ts';

describe('parsePortalConfig', () => {
  it('falls back to the spec public credential and the three host prefixes', () => {
    expect(parsePortalConfig({})).toEqual({
      clientId: 'gridfront-demo-portal',
      clientSecret: 'demo-portal-public-credential',
      apiBase: '/api',
      mlBase: '/ml',
      payBase: '/pay',
      assistantApiKey: 'gf-assist-demo-7c1e4b2a9d',
    });
  });

  it('names every bad key', () => {
    expect(() => parsePortalConfig({ VITE_API_BASE: 'api', VITE_API_CLIENT_ID: '' })).toThrow(
      /VITE_API_CLIENT_ID.*VITE_API_BASE|VITE_API_BASE.*VITE_API_CLIENT_ID/,
    );
  });

  it('drops a trailing slash from a host base', () => {
    expect(parsePortalConfig({ VITE_API_BASE: '/api/' }).apiBase).toBe('/api');
  });
});
