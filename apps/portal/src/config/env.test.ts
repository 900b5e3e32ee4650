import { describe, expect, it } from 'vitest';
import { CONFIG_META_NAME, parsePortalConfig, portalConfig } from './env.ts';

describe('parsePortalConfig', () => {
  it('falls back to the spec public credential and the three host prefixes', () => {
    expect(parsePortalConfig({})).toEqual({
      clientId: 'gridfront-demo-portal',
      clientSecret: 'demo-portal-public-credential',
      apiBase: '/api',
      mlBase: '/ml',
      payBase: '/pay',
      assistantApiKey: 'gf-assist-demo-7c1e4b2a9d',
      languages: ['en', 'es', 'ta', 'de'],
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

describe('the host utility’s public values from index.html (issue 14)', () => {
  function page(content?: string): Document {
    const doc = document.implementation.createHTMLDocument('shell');
    if (content !== undefined) {
      const meta = doc.createElement('meta');
      meta.setAttribute('name', CONFIG_META_NAME);
      meta.setAttribute('content', content);
      doc.head.append(meta);
    }
    return doc;
  }

  it('take the meta’s client credential, widget key and languages over the build’s', () => {
    const doc = page(
      JSON.stringify({
        clientId: 'second-app',
        clientSecret: 'second-"secret"',
        assistantApiKey: 'gf-assist-2',
        languages: ['es', 'fr', 'en', 'es'],
      }),
    );
    expect(portalConfig({ VITE_API_BASE: '/api/' }, doc)).toEqual({
      clientId: 'second-app',
      clientSecret: 'second-"secret"',
      apiBase: '/api',
      mlBase: '/ml',
      payBase: '/pay',
      assistantApiKey: 'gf-assist-2',
      languages: ['es', 'en'],
    });
  });

  it('keep the build’s values without a meta, for a missing or empty key, and for a broken meta', () => {
    const built = parsePortalConfig({});
    expect(portalConfig({}, page())).toEqual(built);
    expect(portalConfig({}, undefined)).toEqual(built);
    expect(portalConfig({}, page('not json'))).toEqual(built);
    expect(portalConfig({}, page('"text"'))).toEqual(built);
    const partial = portalConfig(
      {},
      page(
        JSON.stringify({ clientId: 'second-app', clientSecret: ' ', assistantApiKey: 7, languages: ['fr'] }),
      ),
    );
    expect(partial).toEqual({ ...built, clientId: 'second-app' });
  });
});
