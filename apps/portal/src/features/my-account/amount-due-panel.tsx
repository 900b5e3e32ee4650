// The amount due and its due date, with Pay my Bill: what a customer signs in for, first.
import type { AccountSummary } from '@gridfront/contracts/billing';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useGetBillDetailsQuery } from '../billing/billing-api.ts';
import { formatCents, formatDate, todayIso } from '../billing/format.ts';
import { useLanguage } from '../billing/use-language.ts';
import { PayActions } from '../payments/pay-actions.tsx';
import styles from './my-account.module.css';
import { Panel } from './panel.tsx';

export function AmountDuePanel({ account }: { account: AccountSummary }) {
  const { t } = useTranslation('myAccount');
  const { t: tb } = useTranslation('billing');
  const { t: tm } = useTranslation();
  const language = useLanguage();
  const details = useGetBillDetailsQuery({ accountId: account.accountId });
  const bill = details.data?.bill ?? null;
  // The ledger's balance, as Account Information shows it: above zero owed, below zero a credit.
  const balance = account.balanceCents;
  const pastDue = bill !== null && balance > 0 && bill.dueDate < todayIso();
  return (
    <Panel
      headingId="my-account-amount"
      title={t('amountDue.heading')}
      tone="payment"
      status={{ isLoading: details.isLoading, isError: details.isError, retry: () => details.refetch() }}
    >
      <p className={styles.accountNumber}>{t('accountNumber', { number: account.accountNumber })}</p>
      {/* The heading says "Amount due" already; only a credit needs saying. */}
      {balance < 0 ? <p className={styles.amountLabel}>{tb('bill.credit')}</p> : null}
      <p className={styles.amount} data-testid="dashboard-amount-due">
        {formatCents(Math.abs(balance), language)}
      </p>
      {bill === null ? <p>{tb('bill.noBill')}</p> : null}
      {bill !== null && balance > 0 ? (
        <p className={styles.due}>
          {tb('bill.dueDate', { date: formatDate(bill.dueDate, language) })}
          {pastDue ? <span className={styles.pastDue}>{t('amountDue.pastDue')}</span> : null}
        </p>
      ) : null}
      {bill !== null && balance <= 0 ? <p>{t('amountDue.nothingDue')}</p> : null}
      <PayActions accountId={account.accountId} accountNumber={account.accountNumber} returnPath="/home" />
      <p>
        <Link className={styles.boxLink} to="/accountInfo">
          {tm('home.viewAccount')}
        </Link>
      </p>
    </Panel>
  );
}
