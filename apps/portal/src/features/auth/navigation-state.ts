// What one identity page hands the next through the router's location state (never stored):
// the username after sign-up, the pending token of a sign-in that still owes its second factor.
export interface IdentityNavigationState {
  username?: string;
  pendingToken?: string;
}

function field(state: unknown, name: keyof IdentityNavigationState): string | null {
  if (typeof state !== 'object' || state === null || !(name in state)) return null;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export const usernameFromState = (state: unknown): string | null => field(state, 'username');
export const pendingTokenFromState = (state: unknown): string | null => field(state, 'pendingToken');
