// The staff pages' gate: only the utility's agents and admins see what is inside. A guest or a
// customer gets the 403 page (the server refuses them too; this only keeps the page honest).
import './texts.ts';
import type { StaffMembersResponse } from '@gridfront/contracts/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorStatus } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/store-hooks.ts';
import styles from './staff.module.css';
import { useStaffMembersQuery } from './staff-api.ts';
import { STAFF_NAMESPACE } from './texts.ts';

export function StaffGate({ children }: { children: (staff: StaffMembersResponse) => ReactNode }) {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Forbidden guest />;
  return <SignedInGate>{children}</SignedInGate>;
}

function SignedInGate({ children }: { children: (staff: StaffMembersResponse) => ReactNode }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const members = useStaffMembersQuery();
  if (members.isLoading) {
    return (
      <p role="status" className={styles.status}>
        {t('loading')}
      </p>
    );
  }
  if (members.isError) {
    const status = errorStatus(members.error);
    if (status === 403 || status === 401) return <Forbidden guest={status === 401} />;
    return (
      <div role="alert" className={`gf-surface ${styles.status}`}>
        <p>{t('loadFailed')}</p>
        <button type="button" className="gf-button" onClick={() => members.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return members.data ? children(members.data) : null;
}

export function Forbidden({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <PageFrame title={t('title.forbidden')}>
      <div className={`gf-surface ${styles.card}`} data-status="403">
        <p>{t('forbidden.text')}</p>
        <p className={styles.actions}>
          {guest ? (
            <Link className="gf-button" to="/login">
              {t('forbidden.signIn')}
            </Link>
          ) : null}
          <Link className="gf-button gf-button--secondary" to="/">
            {t('forbidden.home')}
          </Link>
        </p>
      </div>
    </PageFrame>
  );
}
