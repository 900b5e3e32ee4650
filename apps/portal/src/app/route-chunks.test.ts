// The route table the build writes for the server (dist/.vite/routes.json) comes from the page
// registry itself: every route of the spec's table must have a module there that exists.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { portalRoutes } from '@gridfront/contracts';
import { describe, expect, it } from 'vitest';
import { routeModules } from './route-chunks.ts';

const root = resolve(import.meta.dirname, '../..');
const registry = join(root, 'src/app/page-registry.ts');

describe('routeModules', () => {
  it('names an existing module for every route of the table, read from page-registry.ts', () => {
    const table = routeModules(readFileSync(registry, 'utf8'), registry, root);
    for (const { path } of portalRoutes) {
      expect(table[path], `${path} has no module in the page registry`).toMatch(/^src\/.+\.tsx?$/);
      expect(existsSync(join(root, table[path] ?? '')), `${path}: ${table[path]}`).toBe(true);
    }
    expect(table['/login']).toBe('src/features/auth/login-page.tsx');
    // `load: home` is followed to the constant: the route's own chunk, not My Account's.
    expect(table['/home']).toBe('src/app/home-route.tsx');
  });

  it('fails, naming the path, when a page loads nothing it can read', () => {
    const source = `const pages = {
      '/ok': { key: 'ok', load: () => import('../features/ok/ok-page.tsx') },
      '/dynamic': { key: 'dynamic', load: () => import(somewhere) },
    };`;
    expect(() => routeModules(source, registry, root)).toThrow(/\/dynamic/);
    const good = `const pages = { '/ok': { key: 'ok', load: () => import('../features/ok/ok-page.tsx') } };`;
    expect(routeModules(good, registry, root)).toEqual({ '/ok': 'src/features/ok/ok-page.tsx' });
  });
});
