// The route tree, built from the spec's route table in contracts so that no route is forgotten.
import { type PortalPath, portalRoutes } from '@gridfront/contracts/routes';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { type GuardDeps, guestOnlyLoader, loginRequiredLoader } from './guards.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { StandaloneLayout } from './layouts/standalone-layout.tsx';
import { pages } from './page-registry.ts';
import { PageLoading, RootLayout } from './root-layout.tsx';
import { RouteErrorFallback } from './route-error-fallback.tsx';

/** The utility's administration (issue 14): tenant administrators only, its own lazily loaded group. */
const adminRoute: RouteObject = {
  path: '/admin/*',
  lazy: async () => ({ Component: (await import('../features/admin/admin-page.tsx')).default }),
};

/** The utility's staff pages (issue 10): their own route group, outside the spec's route table. */
const staffRoute: RouteObject = {
  path: '/staff/*',
  lazy: async () => ({ Component: (await import('../features/staff/staff-page.tsx')).default }),
};

function pageRoute(path: PortalPath): RouteObject {
  const { load } = pages[path];
  return { path, lazy: async () => ({ Component: (await load()).default }) };
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
