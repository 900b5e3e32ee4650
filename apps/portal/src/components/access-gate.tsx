// The gate of a staff-only route group (/staff, /admin): the group's first call decides. A guest,
// or a signed-in user the server refuses (401/403), gets the group's 403 page; a failed call shows a
// retry; otherwise the page draws with the call's answer. The server refuses them too: this only
// keeps the page honest.
import type { ReactNode } from 'react';
import { errorStatus } from '../lib/api/error-message.ts';
import { useSession } from '../lib/store-hooks.ts';

interface GateQuery<Data> {
  data?: Data | undefined;
  error?: unknown;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface AccessGateProps<Data> {
  /** The group's first call (a hook, so it runs only for a signed-in user). */
  useQuery: () => GateQuery<Data>;
  forbidden: (guest: boolean) => ReactNode;
  texts: { loading: string; loadFailed: string; retry: string };
  statusClassName?: string;
  children: (data: Data) => ReactNode;
}

export function AccessGate<Data>(props: AccessGateProps<Data>) {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return props.forbidden(true);
  return <SignedInGate {...props} />;
}

function SignedInGate<Data>({
  useQuery,
  forbidden,
  texts,
  statusClassName,
  children,
}: AccessGateProps<Data>) {
  const query = useQuery();
  if (query.isLoading) {
    return (
      <p role="status" className={statusClassName}>
        {texts.loading}
      </p>
    );
  }
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 403 || status === 401) return forbidden(status === 401);
    return (
      <div role="alert" className={`gf-surface ${statusClassName ?? ''}`}>
        <p>{texts.loadFailed}</p>
        <button type="button" className="gf-button" onClick={() => query.refetch()}>
          {texts.retry}
        </button>
      </div>
    );
  }
  return query.data ? children(query.data) : null;
}
