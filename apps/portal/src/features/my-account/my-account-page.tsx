// My Account: the signed-in customer's dashboard, shown on /home in place of the marketing page
// (issue 10). Each panel asks for its own data and fails alone with a retry; the shortcuts need no
// call at all. A lazily loaded chunk, so a visitor's Home downloads none of it.
import './texts.ts';
import '../billing/texts.ts';
import type { AccountSummary } from '@gridfront/contracts/billing';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AccountPicker } from '../billing/account-picker.tsx';
import { AutopayStatus } from '../billing/autopay-status.tsx';
import { useGetUserDetailsQuery } from '../billing/billing-api.ts';
import { AccountLinks } from './account-links.tsx';
import { AmountDuePanel } from './amount-due-panel.tsx';
import styles from './my-account.module.css';
import { PanelFailed } from './panel.tsx';
import { QuickStatsPanel } from './quick-stats-panel.tsx';
import { RecentUsagePanel } from './recent-usage-panel.tsx';
import { ServiceRequestsPanel } from './service-requests-panel.tsx';

export function MyAccountPage() {
  // Every namespace the panels use, loaded before the page first shows: a panel asking for one
  // later would suspend the shown page again, hiding it and dropping the focus on its heading.
  const { t } = useTranslation(['myAccount', 'billing', 'payments']);
  const user = useGetUserDetailsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const accounts = user.data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.accountId === chosen) ?? accounts[0];
  return (
    <PageFrame title={t('title')} intro={user.data ? t('welcome', { name: user.data.fullName }) : t('intro')}>
      <AccountLinks />
      {user.isLoading ? (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      ) : null}
      {user.isError ? <PanelFailed message={t('accountFailed')} onRetry={() => user.refetch()} /> : null}
      {user.data && accounts.length === 0 ? <p className="gf-surface">{t('noAccount')}</p> : null}
      <AccountPicker
        label={t('accountPicker')}
        accounts={accounts}
        value={account?.accountId}
        onChange={setChosen}
        className={styles.picker}
      />
      <div className={styles.grid}>
        {account ? <AccountPanels key={account.accountId} account={account} /> : null}
        {user.data ? <ServiceRequestsPanel /> : null}
      </div>
    </PageFrame>
  );
}

function AccountPanels({ account }: { account: AccountSummary }) {
  const { t } = useTranslation('myAccount');
  return (
    <>
      <AmountDuePanel account={account} />
      <AutopayStatus
        autopay={account.autopay}
        actions={
          <p>
            <Link to="/accountInfo">{account.autopay ? t('autopay.manage') : t('autopay.setUp')}</Link>
          </p>
        }
      />
      <QuickStatsPanel accountId={account.accountId} />
      <RecentUsagePanel account={account} />
    </>
  );
}

export default MyAccountPage;
