// The route tree, built from the spec's route table in contracts so that no route is forgotten.
import { type PortalPath, portalRoutes } from '@gridfront/contracts/routes';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { i18n, registeredNamespaceNames } from '../i18n/i18n.ts';
import { type GuardDeps, guestOnlyLoader, loginRequiredLoader } from './guards.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { StandaloneLayout } from './layouts/standalone-layout.tsx';
import { pages } from './page-registry.ts';
import { PageLoading, RootLayout } from './root-layout.tsx';
import { RouteErrorFallback } from './route-error-fallback.tsx';

/**
 * A route's page, once the text namespaces its module registers are loaded: the page's
 * useTranslation then has its texts at its first render. Under Preact (vite.config.ts) a render that
 * suspends outside a Suspense boundary reaches the router's error boundary, where React would hold
 * the page until the texts came.
 */
async function pageWithTexts(load: () => Promise<{ default: ComponentType }>) {
  const module = await load();
  await i18n.loadNamespaces(registeredNamespaceNames());
  return { Component: module.default };
}

/** The utility's administration (issue 14): tenant administrators only, its own lazily loaded group. */
const adminRoute: RouteObject = {
  path: '/admin/*',
  lazy: () => pageWithTexts(() => import('../features/admin/admin-page.tsx')),
};

/** The utility's staff pages (issue 10): their own route group, outside the spec's route table. */
const staffRoute: RouteObject = {
  path: '/staff/*',
  lazy: () => pageWithTexts(() => import('../features/staff/staff-page.tsx')),
};

function pageRoute(path: PortalPath): RouteObject {
  const { load } = pages[path];
  return { path, lazy: () => pageWithTexts(load) };
}

export function buildRoutes(deps: GuardDeps): RouteObject[] {
  const mainChildren: RouteObject[] = [];
  const standaloneChildren: RouteObject[] = [];
  for (const { path, access } of portalRoutes) {
    const route = pageRoute(path);
    if (access === 'guestOnly') route.loader = guestOnlyLoader(deps);
    if (access === 'loginRequired') route.loader = loginRequiredLoader(deps, pages[path].key);
    (access === 'standalone' ? standaloneChildren : mainChildren).push(route);
  }
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoading,
      errorElement: <RouteErrorFallback />,
      children: [
        { Component: MainLayout, children: [...mainChildren, staffRoute, adminRoute] },
        { Component: StandaloneLayout, children: standaloneChildren },
        // Unknown paths go to / (the loader answers first; the element covers a missed loader run).
        { path: '*', loader: () => redirect('/'), element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
