// /usage (login required, issue 9): one view per service the account has, a drill-down from a year
// of bill periods to quarter-hours for electricity, solar, highlights, the years side by side, and
// Green Button download and upload. Every panel loads and fails on its own, with a retry inside it.
import './texts.ts';
import './chart/texts.ts';
import type { AccountSummary } from '@gridfront/contracts/billing';
import type { UtilityType } from '@gridfront/contracts/constants';
import { Suspense, useCallback, useState } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { AccountPicker, AfterFirstView } from '../billing/account-picker.tsx';
import { useGetUserDetailsQuery } from '../billing/billing-api.ts';
import { useGreenButtonUploadsQuery } from './green-button/green-button-api.ts';
import { USAGE_NAMESPACE } from './texts.ts';
import styles from './usage.module.css';
import { UsageExplorer } from './usage-explorer.tsx';
import { categoryTickLabel, formatMonth, formatPercent } from './usage-format.ts';
import { YearsPanel } from './years-panel.tsx';

// The money, date and month formatters the explorer's first render uses (its title, totals and
// axis), made in short tasks of their own while the account is on its way, after the browser's
// locale data has been loaded off the main thread (prepare-formats.ts): the explorer's first render
// made the page's first date formatter, most of a 100 ms task on a phone (issue 7).
const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
void import('../billing/prepare-formats.ts').then(({ prepareFormats }) =>
  prepareFormats(language, [
    () => formatMonth('2000-01', language),
    () => categoryTickLabel('2000-01-01', true, language),
    () => formatPercent(0, language),
  ]),
);

// Below the explorer and mounted after it (AfterFirstView): its code loads then too, not with the
// page (issue 7: what the page downloads and evaluates before its first view).
const GreenButtonPanel = lazyPart(() =>
  import('./green-button/green-button-panel.tsx').then((module) => ({ default: module.GreenButtonPanel })),
);

const SERVICE_ORDER: readonly UtilityType[] = ['electricity', 'gas', 'water', 'sewer'];

export function UsagePage() {
  const { t } = useTranslation();
  const { t: tu } = useTranslation(USAGE_NAMESPACE);
  const user = useGetUserDetailsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const accounts = user.data?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.accountId === chosen) ?? accounts[0];
  // The account's panels mount as a transition, in slices that leave the main thread free between
  // them, not in the one long task of the answer's arrival (issue 7: total blocking time on a phone).
  const shownAccount = useDeferredValue(account);

  return (
    <PageFrame title={t('pageNames.usage')} intro={t('frames.usage')}>
      {user.isLoading ? (
        <p role="status" className={styles.status}>
          {tu('loading')}
        </p>
      ) : null}
      {user.isError ? (
        <div role="alert" className={`gf-surface ${styles.status}`}>
          <p>{tu('loadFailed')}</p>
          <button type="button" className="gf-button" onClick={() => user.refetch()}>
            {tu('retry')}
          </button>
        </div>
      ) : null}
      {user.data && accounts.length === 0 ? <p className="gf-surface">{tu('noAccount')}</p> : null}
      <AccountPicker
        label={tu('accountPicker')}
        accounts={accounts}
        value={account?.accountId}
        onChange={setChosen}
        className={styles.field}
      />
      {shownAccount ? <AccountUsage key={shownAccount.accountId} account={shownAccount} /> : null}
    </PageFrame>
  );
}

function AccountUsage({ account }: { account: AccountSummary }) {
  const { t } = useTranslation(USAGE_NAMESPACE);
  const services = SERVICE_ORDER.filter((type) => account.services.some((s) => s.utilityType === type));
  const [service, setService] = useState<UtilityType | undefined>(services[0]);
  const [uploadId, setUploadId] = useState<string | null>(null);
  // The parts below the explorer start watching for the view once it has drawn its first answer:
  // before, its loading state is short and would put them in the first view.
  const [explorerDrawn, setExplorerDrawn] = useState(false);
  const onExplorerDrawn = useCallback(() => setExplorerDrawn(true), []);
  const uploads = useGreenButtonUploadsQuery();
  const uploadOf = (id: string | null) => uploads.data?.uploads.find((upload) => upload.uploadId === id);
  const typeOf = (id: string | null) => uploadOf(id)?.utilityType;
  // A shown upload takes the place of the meter on its own service's charts only.
  const shownUpload = uploadOf(uploadId);
  const shown = shownUpload?.utilityType === service ? shownUpload : null;
  if (!service) return <p className="gf-surface">{t('empty')}</p>;
  return (
    <div className={styles.layout}>
      <fieldset className={styles.services}>
        <legend className={styles.legend}>{t('servicesLabel')}</legend>
        {services.map((type) => (
          <button
            key={type}
            type="button"
            className={`gf-button ${type === service ? '' : 'gf-button--secondary'}`}
            aria-pressed={type === service}
            onClick={() => setService(type)}
          >
            {t(`service.${type}`)}
          </button>
        ))}
      </fieldset>
      <UsageExplorer
        key={`${service}:${shown?.uploadId ?? ''}`}
        accountId={account.accountId}
        service={service}
        upload={shown ? { uploadId: shown.uploadId, name: shown.name, lastDate: shown.to } : null}
        onDrawn={onExplorerDrawn}
      />
      {/* Below the explorer: drawn as the reader comes near them, watched once the explorer has
          drawn its first answer, never in the explorer's own tasks (issue 7: blocking time). */}
      <AfterFirstView watch={explorerDrawn}>
        <YearsPanel
          key={`years:${service}:${shown?.uploadId ?? ''}`}
          accountId={account.accountId}
          service={service}
          uploadId={shown?.uploadId ?? null}
        />
        <Suspense fallback={null}>
          <GreenButtonPanel
            accountId={account.accountId}
            services={services}
            shownUploadId={uploadId}
            onShowUpload={(id) => {
              setUploadId(id);
              const type = typeOf(id);
              if (type && services.includes(type)) setService(type);
            }}
          />
        </Suspense>
      </AfterFirstView>
    </div>
  );
}

export default UsagePage;
