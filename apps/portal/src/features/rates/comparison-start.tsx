// A new comparison: which account (when the customer has several), then the what-ifs.
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AccountPicker } from '../billing/account-picker.tsx';
import { useGetUserDetailsQuery } from '../billing/billing-api.ts';
import { CompareForm } from './compare-form.tsx';
import styles from './gridx-page.module.css';
import { RATES_NAMESPACE } from './texts.ts';
import { EMPTY_FORM } from './what-if-form.ts';

export function ComparisonStart() {
  const { t } = useTranslation(RATES_NAMESPACE);
  const user = useGetUserDetailsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const accounts = user.data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.accountId === chosen) ?? accounts[0];
  if (user.isLoading) {
    return (
      <p role="status" className={styles.notice}>
        {t('loading')}
      </p>
    );
  }
  if (user.isError) {
    return (
      <div role="alert" className={`gf-surface ${styles.notice}`}>
        <p>{t('loadFailed')}</p>
        <button type="button" className="gf-button" onClick={() => user.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!account) return <p className={`gf-surface ${styles.notice}`}>{t('noAccount')}</p>;
  return (
    <div className={styles.layout}>
      <AccountPicker
        label={t('accountPicker')}
        accounts={accounts}
        value={account.accountId}
        onChange={setChosen}
        className={styles.picker}
      />
      <CompareForm
        key={account.accountId}
        accountId={account.accountId}
        initial={EMPTY_FORM}
        uploadId={null}
      />
    </div>
  );
}
