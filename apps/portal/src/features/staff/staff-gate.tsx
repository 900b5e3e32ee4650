// The staff pages' gate (components/access-gate.tsx): only the utility's agents and admins see what
// is inside; a guest or a customer gets the 403 page.
import './texts.ts';
import type { StaffMembersResponse } from '@gridfront/contracts/staff';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccessGate } from '../../components/access-gate.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './staff.module.css';
import { useStaffMembersQuery } from './staff-api.ts';
import { STAFF_NAMESPACE } from './texts.ts';

export function StaffGate({ children }: { children: (staff: StaffMembersResponse) => ReactNode }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <AccessGate<StaffMembersResponse>
      useQuery={useStaffMembersQuery}
      forbidden={(guest) => <Forbidden guest={guest} />}
      texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}
      statusClassName={styles.status}
    >
      {children}
    </AccessGate>
  );
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
