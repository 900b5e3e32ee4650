// Route guards of spec points 2 and 4, as loaders: they decide before the page loads, from the
// login flag, so a guarded page never flashes.
import { redirect } from 'react-router';
import type { PageKey } from './page-registry.ts';

export interface GuardDeps {
  isLoggedIn: () => boolean;
  /** Tells the visitor why they land on /login ('Please log in to access the {page} page'). */
  onLoginRequired: (page: PageKey) => void;
}

export function guestOnlyLoader(deps: GuardDeps) {
  return () => (deps.isLoggedIn() ? redirect('/home') : null);
}

export function loginRequiredLoader(deps: GuardDeps, page: PageKey) {
  return () => {
    if (deps.isLoggedIn()) return null;
    deps.onLoginRequired(page);
    return redirect('/login');
  };
}
