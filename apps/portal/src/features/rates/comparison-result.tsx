// A saved comparison: the summary (current plan, cheapest plan), which months are estimated and
// from what, the assumptions it was priced with (to change and compare again), every plan with its
// year and difference, the month-by-month bills, a link to reopen it, and "switch to this plan".
import type { ComparedPlan, CompareResult } from '@gridfront/contracts/rate-comparison';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatCents, formatDate, formatQuantity } from '../billing/format.ts';
import { formatMonth, formatPercent } from '../usage/usage-format.ts';
import { CompareForm, resultPath } from './compare-form.tsx';
import styles from './gridx-page.module.css';
import { useCompareResultQuery } from './rates-api.ts';
import { failureText } from './server-text.ts';
import { SwitchPlan } from './switch-plan.tsx';
import { RATES_NAMESPACE } from './texts.ts';
import { formFromAssumptions } from './what-if-form.ts';

export function ComparisonResult({ id }: { id: string }) {
  const { t } = useTranslation(RATES_NAMESPACE);
  const result = useCompareResultQuery(id);
  if (result.isLoading) {
    return (
      <p role="status" className={styles.notice}>
        {t('loading')}
      </p>
    );
  }
  if (result.isError || !result.data) {
    return (
      <div role="alert" className={`gf-surface ${styles.notice}`}>
        <p>{failureText(result.error, t)}</p>
        <p>
          <Link to="/gridx">{t('result.newComparison')}</Link>
        </p>
      </div>
    );
  }
  return <ResultView result={result.data} />;
}

function ResultView({ result }: { result: CompareResult }) {
  const { t, i18n } = useTranslation(RATES_NAMESPACE);
  const language = i18n.language;
  const money = (cents: number) => formatCents(cents, language);
  const current = result.plans.find((plan) => plan.current) ?? result.plans[0];
  const cheapest = result.plans.find((plan) => plan.rank === 1);
  const first = result.periods[0];
  const last = result.periods.at(-1);
  const ranked = [...result.plans].sort((a, b) => a.rank - b.rank);
  if (!current || !first || !last) return null;
  const saving = cheapest ? current.annualCents - cheapest.annualCents : 0;

  return (
    <div className={styles.layout}>
      <div className={`gf-surface ${styles.panel}`}>
        <p>
          {t('result.period', {
            from: formatDate(first.periodStart, language),
            to: formatDate(last.periodEnd, language),
            account: result.accountNumber,
          })}
        </p>
        <p className={styles.lead}>
          {t('result.current', { plan: current.name, amount: money(current.annualCents) })}
        </p>
        {cheapest && !cheapest.current && saving > 0 ? (
          <p className={styles.lead}>
            {t('result.best', {
              plan: cheapest.name,
              amount: money(cheapest.annualCents),
              saving: money(saving),
            })}
          </p>
        ) : (
          <p className={styles.lead}>{t('result.bestIsCurrent')}</p>
        )}
        {result.estimatedMonths.length > 0 && result.estimateSource ? (
          <p className={styles.estimated}>
            {t(`result.estimated.${result.estimateSource}`, {
              months: result.estimatedMonths.map((month) => formatMonth(month, language, 'short')).join(', '),
            })}
          </p>
        ) : null}
      </div>

      <Assumptions result={result} />

      <section aria-labelledby="gridx-plans" className={styles.plansSection}>
        <h3 id="gridx-plans">{t('result.plans')}</h3>
        <ol className={styles.plans}>
          {ranked.map((plan) => (
            <PlanCard key={plan.tariffId} plan={plan} resultId={result.id} />
          ))}
        </ol>
      </section>

      <MonthlyTable result={result} plans={ranked} />

      <ShareLink id={result.id} />

      <details className={`gf-surface ${styles.panel}`}>
        <summary>{t('result.edit')}</summary>
        <CompareForm
          accountId={result.accountId}
          initial={formFromAssumptions(result.assumptions)}
          uploadId={result.uploadId}
        />
      </details>
      <p>
        <Link to="/gridx">{t('result.newComparison')}</Link>
      </p>
    </div>
  );
}

function Assumptions({ result }: { result: CompareResult }) {
  const { t, i18n } = useTranslation(RATES_NAMESPACE);
  const number = (value: number) => formatQuantity(value, i18n.language);
  const percent = (value: number) => formatPercent(value, i18n.language);
  const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;
  const { ev, solar, battery, shift } = result.assumptions;
  const lines = [
    ev
      ? t('result.ev', {
          miles: number(ev.milesPerYear),
          kwhPerMile: formatQuantityPrecise(ev.kwhPerMile, i18n.language),
          kw: number(ev.chargerKw),
          start: hour(ev.startHour),
          end: hour(ev.endHour),
        })
      : null,
    solar
      ? t('result.solar', {
          kw: number(solar.kw),
          tilt: number(solar.tiltDeg),
          azimuth: number(solar.azimuthDeg),
          derate: percent(solar.systemDerate),
        })
      : null,
    battery
      ? t('result.battery', {
          kwh: number(battery.kwh),
          kw: number(battery.kw),
          efficiency: percent(battery.roundTripEfficiency),
          mode: t(`form.battery.${battery.mode}`),
        })
      : null,
    shift ? t('result.shift', { share: percent(shift.share) }) : null,
  ].filter((line): line is string => line !== null);
  return (
    <section aria-labelledby="gridx-assumptions" className={`gf-surface ${styles.panel}`}>
      <h3 id="gridx-assumptions">{t('result.assumptions')}</h3>
      {lines.length === 0 ? (
        <p>{t('result.noWhatIfs')}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function formatQuantityPrecise(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

function PlanCard({ plan, resultId }: { plan: ComparedPlan; resultId: string }) {
  const { t, i18n } = useTranslation(RATES_NAMESPACE);
  const money = (cents: number) => formatCents(Math.abs(cents), i18n.language);
  const number = (value: number) => formatQuantity(value, i18n.language);
  const difference = plan.annualDifferenceCents;
  const energy = plan.whatIfEnergy;
  return (
    <li className={`gf-surface ${styles.plan}`} aria-current={plan.current ? 'true' : undefined}>
      <h4 className={styles.planName}>
        <span className={styles.rank}>{t('result.rank', { rank: plan.rank })}</span> {plan.name}
        {plan.current ? <span className={styles.badge}>{t('result.yourPlan')}</span> : null}
      </h4>
      {plan.description ? <p className={styles.hint}>{plan.description}</p> : null}
      <p className={styles.amount}>
        {t('result.perYear', { amount: formatCents(plan.annualCents, i18n.language) })}
      </p>
      {!plan.current ? (
        <p className={difference < 0 ? styles.saves : styles.costs}>
          {difference < 0
            ? t('result.saves', { amount: money(difference) })
            : difference > 0
              ? t('result.costsMore', { amount: money(difference) })
              : t('result.same')}
        </p>
      ) : null}
      {energy ? (
        <p className={styles.hint}>
          {(['ev', 'solar', 'shifted', 'battery'] as const)
            .map((part) => [part, energyOf(energy, part)] as const)
            .filter(([, kwh]) => kwh > 0)
            .map(([part, kwh]) => t(`result.energy.${part}`, { kwh: number(kwh) }))
            .join('; ')}
          {energy.evUnservedKwh > 0
            ? ` ${t('result.unserved', { kwh: number(energy.evUnservedKwh) })}`
            : null}
        </p>
      ) : null}
      {!plan.current ? <SwitchPlan resultId={resultId} plan={plan} /> : null}
    </li>
  );
}

function energyOf(
  energy: NonNullable<ComparedPlan['whatIfEnergy']>,
  part: 'ev' | 'solar' | 'shifted' | 'battery',
) {
  if (part === 'ev') return energy.evKwh;
  if (part === 'solar') return energy.solarKwh;
  if (part === 'shifted') return energy.shiftedKwh;
  return energy.batteryDischargedKwh;
}

function MonthlyTable({ result, plans }: { result: CompareResult; plans: ComparedPlan[] }) {
  const { t, i18n } = useTranslation(RATES_NAMESPACE);
  const language = i18n.language;
  const signed = (cents: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' }).format(
      cents / 100,
    );
  return (
    <section aria-labelledby="gridx-monthly" className={`gf-surface ${styles.panel}`}>
      <h3 id="gridx-monthly">{t('result.monthly')}</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={styles.tableScroll} aria-labelledby="gridx-monthly-caption" tabIndex={0}>
        <table className={styles.table}>
          <caption id="gridx-monthly-caption">{t('result.monthlyCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('result.month')}</th>
              {plans.map((plan) => (
                <th scope="col" key={plan.tariffId}>
                  {plan.code || plan.name}
                  {plan.current ? ` (${t('result.yourPlan')})` : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.periods.map((period, k) => (
              <tr key={period.month}>
                <th scope="row">
                  {formatMonth(period.month, language, 'short')}
                  {period.estimated ? (
                    <span className={styles.tag}> ({t('result.estimatedTag')})</span>
                  ) : null}
                </th>
                {plans.map((plan) => {
                  const bill = plan.bills[k];
                  return (
                    <td key={plan.tariffId} className={styles.number}>
                      {bill ? formatCents(bill.totalCents, language) : '–'}
                      {bill && !plan.current ? (
                        <span className={bill.differenceCents < 0 ? styles.saves : styles.costs}>
                          {' '}
                          {signed(bill.differenceCents)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

function ShareLink({ id }: { id: string }) {
  const { t } = useTranslation(RATES_NAMESPACE);
  const [copied, setCopied] = useState(false);
  const href = `${window.location.origin}${resultPath(id)}`;
  return (
    <div className={`gf-surface ${styles.panel}`}>
      <h3>{t('result.share')}</h3>
      <p className={styles.hint}>{t('result.shareHint')}</p>
      <p className={styles.shareRow}>
        <a href={href} className={styles.shareLink}>
          {href}
        </a>
        <button
          type="button"
          className="gf-button gf-button--secondary"
          onClick={async () => {
            await navigator.clipboard?.writeText(href);
            setCopied(true);
          }}
        >
          {t('result.copy')}
        </button>
      </p>
      <p role="status">{copied ? t('result.copied') : ''}</p>
    </div>
  );
}
