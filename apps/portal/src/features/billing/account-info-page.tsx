// /accountInfo (spec points 2, 3, 7): the signed-in customer's account, current bill with its
// segments, Quick Stats, AutoPay and the history of bills and payments.
import './texts.ts';
import type { AccountSummary } from '@gridfront/contracts/billing';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { AutopayManager } from '../payments/autopay-manager.tsx';
import { PayActions } from '../payments/pay-actions.tsx';
import { AccountOverview } from './account-overview.tsx';
import { AccountPicker, AfterFirstView } from './account-picker.tsx';
import { AutopayStatus } from './autopay-status.tsx';
import styles from './billing.module.css';
import { useGetBillDetailsQuery, useGetUserDetailsQuery } from './billing-api.ts';
import { CurrentBill } from './current-bill.tsx';
import { QuickStats } from './quick-stats.tsx';
import { RecentBills } from './recent-bills.tsx';

// The money and date formatters, made in short tasks of their own while the account is on its way
// rather than in the render that first shows the bill, after the browser's locale data has been
// loaded off the main thread (prepare-formats.ts, issue 7).
void import('./prepare-formats.ts').then(({ prepareFormats }) =>
  prepareFormats(i18n.resolvedLanguage ?? i18n.language ?? 'en'),
);

// Below the current bill and folded: it (with the line items' translations) loads just after the
// page, keeping the route within its download budget.
const BillSegments = lazyPart(() =>
  import('./bill-segments.tsx').then((module) => ({ default: module.BillSegments })),
);

// Below the first view and mounted after it (AfterFirstView): the history's code loads then too,
// not with the page (issue 7: what the page downloads and evaluates before its first view).
const TransactionHistory = lazyPart(() =>
  import('./transaction-history.tsx').then((module) => ({ default: module.TransactionHistory })),
);

export function AccountInfoPage() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('billing');
  const user = useGetUserDetailsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const accounts = user.data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.accountId === chosen) ?? accounts[0];
  // The account's cards render as a transition, in slices that leave the main thread free between
  // them, not in the one long task of the answer's arrival (issue 7: total blocking time on a phone).
  const shownAccount = useDeferredValue(account);

  return (
    <PageFrame title={t('pageNames.accountInfo')} intro={t('frames.accountInfo')}>
      {user.isLoading ? (
        <p role="status" className={styles.loading}>
          {tb('loading')}
        </p>
      ) : null}
      {user.isError ? <LoadFailed onRetry={() => user.refetch()} /> : null}
      {user.data && accounts.length === 0 ? <p className="gf-surface">{tb('noAccount')}</p> : null}
      <AccountPicker
        label={tb('accountPicker')}
        accounts={accounts}
        value={account?.accountId}
        onChange={setChosen}
        className={styles.field}
      />
      {shownAccount ? <AccountDetails key={shownAccount.accountId} account={shownAccount} /> : null}
      {/* Moving or closing: the service requests and their status are on /todo. It comes with the
          account's cards (or the no-account notice), so that they are not put in above it. */}
      {user.data && (shownAccount || accounts.length === 0) ? (
        <p>
          <Link to="/todo">{t('home.startStopService')}</Link>
        </p>
      ) : null}
    </PageFrame>
  );
}

function AccountDetails({ account }: { account: AccountSummary }) {
  const bill = useGetBillDetailsQuery({ accountId: account.accountId });
  // The bill's cards too: rendered in slices after its answer (see shownAccount above).
  const billData = useDeferredValue(bill.data);
  return (
    <div className={styles.grid}>
      {billData ? (
        <CurrentBill
          details={billData}
          balanceCents={account.balanceCents}
          actions={<PayActions accountId={account.accountId} accountNumber={account.accountNumber} />}
        />
      ) : bill.isError ? null : (
        <BillPending />
      )}
      {bill.isError ? <LoadFailed onRetry={() => bill.refetch()} /> : null}
      <AccountOverview account={account} />
      {billData ? <QuickStats stats={billData.quickStats} /> : null}
      {billData?.bill ? (
        <Suspense fallback={null}>
          <BillSegments bill={billData.bill} />
        </Suspense>
      ) : null}
      <AutopayStatus
        autopay={account.autopay}
        actions={<AutopayManager accountId={account.accountId} autopay={account.autopay} />}
      />
      {/* Below the first view on a phone: drawn after the cards above (issue 7: blocking time),
          watched only once the bill's cards are drawn, which move it down the page. */}
      <AfterFirstView watch={billData !== undefined || bill.isError}>
        <RecentBills accountId={account.accountId} />
        <Suspense fallback={null}>
          <TransactionHistory accountId={account.accountId} accountNumber={account.accountNumber} />
        </Suspense>
      </AfterFirstView>
    </div>
  );
}

/**
 * The current bill's place while its details load, about as tall as the bill: the cards below do not
 * jump down when it arrives (issue 7: that move was most of the page's layout shift on a phone).
 */
function BillPending() {
  const { t } = useTranslation('billing');
  return (
    <section
      className={`${styles.paymentBox} ${styles.billPending}`}
      aria-busy="true"
      aria-labelledby="bill-heading"
    >
      <h2 id="bill-heading" className={styles.cardTitle}>
        {t('bill.heading')}
      </h2>
      <p>{t('loading')}</p>
    </section>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <div role="alert" className={`gf-surface ${styles.error}`}>
      <p>{t('loadFailed')}</p>
      <button type="button" className="gf-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

export default AccountInfoPage;
