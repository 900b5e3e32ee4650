// /admin/settings (issue 14): which side areas the utility offers, its payment platform and fees,
// notice timings, AutoPay rules and the plans it offers (URDB records checked by the tariff engine).
// Each part is its own form with its own Save; the server checks everything again and audits it.
import './admin-settings-texts.ts';
import type {
  AdminSettingsResponse,
  AutopayRulesSettings,
  OfferedPlan,
  SideAreasSettings,
} from '@gridfront/contracts/admin-settings';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import styles from './admin.module.css';
import { Loaded, type Outcome, OutcomeNote, Part } from './admin-parts.tsx';
import own from './admin-settings.module.css';
import {
  useActivatePaymentPlatformMutation,
  useAdminPaymentPlatformsQuery,
  useAdminSettingsQuery,
  useSaveAutopayRulesMutation,
  useSaveFeesMutation,
  useSaveNotificationTimingsMutation,
  useSaveSideAreasMutation,
  useSetPlanOfferedMutation,
  useUploadPlanMutation,
} from './admin-settings-api.ts';
import { ADMIN_SETTINGS_NAMESPACE } from './admin-settings-texts.ts';

const AREAS = ['insights', 'rateComparison', 'assistant'] as const;
const METHODS = ['card', 'ach'] as const;

/** A decimal the way people type it: a comma or a point; undefined when it is not a number. */
export function decimalOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Whole days within bounds, else undefined. */
function daysOf(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

function useOutcome() {
  const { t } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const report = (result: { error?: unknown }) => {
    if ('error' in result && result.error) setOutcome({ ok: false, text: errorMessage(result.error) });
    else setOutcome({ ok: true, text: t('saved') });
  };
  return { outcome, setOutcome, report };
}

function NumberField(props: {
  label: string;
  hint?: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal';
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <p className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <span id={`${id}-hint`} className={own.hint}>
          {props.hint}
        </span>
      ) : null}
      <input
        id={id}
        className={`${styles.input} ${own.short}`}
        inputMode={props.inputMode ?? 'numeric'}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error ? (
        <span id={`${id}-error`} className={styles.error}>
          {props.error}
        </span>
      ) : null}
    </p>
  );
}

export function AdminSettings() {
  const { t } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const settings = useAdminSettingsQuery();
  return (
    <Loaded
      query={settings}
      texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}
    >
      {(data) => <SettingsParts data={data} />}
    </Loaded>
  );
}

function SettingsParts({ data }: { data: AdminSettingsResponse }) {
  return (
    <div className={own.parts}>
      <SideAreasForm stored={data.sideAreas} />
      <PaymentsForm stored={data} />
      <NotificationsForm stored={data} />
      <AutopayForm stored={data.autopay} />
      <PlansPart plans={data.plans} />
    </div>
  );
}

export default AdminSettings;

function SideAreasForm({ stored }: { stored: SideAreasSettings }) {
  const { t } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const id = useId();
  const [areas, setAreas] = useState(stored);
  const [save, saving] = useSaveSideAreasMutation();
  const { outcome, setOutcome, report } = useOutcome();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    report(await save(areas));
  };
  return (
    <Part title={t('areas.heading')} intro={t('areas.intro')}>
      <form onSubmit={submit} noValidate>
        <fieldset className={own.choices}>
          <legend>{t('areas.legend')}</legend>
          {AREAS.map((area) => (
            <p key={area} className={own.choice}>
              <input
                id={`${id}-${area}`}
                type="checkbox"
                checked={areas[area]}
                onChange={(event) => setAreas((current) => ({ ...current, [area]: event.target.checked }))}
              />
              <label htmlFor={`${id}-${area}`}>{t(`areas.${area}`)}</label>
            </p>
          ))}
        </fieldset>
        <OutcomeNote outcome={outcome} />
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {t('areas.save')}
          </button>
        </p>
      </form>
    </Part>
  );
}

function PaymentsForm({ stored }: { stored: AdminSettingsResponse }) {
  const { t, i18n } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const id = useId();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const [card, setCard] = useState(percent.format(stored.fees.cardFeeBasisPoints / 100));
  const [bank, setBank] = useState((stored.fees.achFeeCents / 100).toFixed(2));
  const [errors, setErrors] = useState<{ card?: string; bank?: string }>({});
  const [save, saving] = useSaveFeesMutation();
  const { outcome, setOutcome, report } = useOutcome();
  const platforms = useAdminPaymentPlatformsQuery();
  const [activate, activating] = useActivatePaymentPlatformMutation();
  const platformOutcome = useOutcome();
  const active = platforms.data?.find((platform) => platform.isEnable)?.platformKey ?? '';
  const [chosen, setChosen] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const cardValue = decimalOf(card);
    const bankValue = decimalOf(bank);
    const next = {
      card: cardValue === undefined || cardValue > 10 ? t('fees.cardInvalid') : undefined,
      bank: bankValue === undefined || bankValue > 20 ? t('fees.bankInvalid') : undefined,
    };
    setErrors(next);
    if (next.card || next.bank || cardValue === undefined || bankValue === undefined) return;
    report(
      await save({
        cardFeeBasisPoints: Math.round(cardValue * 100),
        achFeeCents: Math.round(bankValue * 100),
      }),
    );
  };
  const switchPlatform = async (event: FormEvent) => {
    event.preventDefault();
    platformOutcome.setOutcome(null);
    const key = chosen ?? active;
    if (key && key !== active) platformOutcome.report(await activate(key));
  };
  return (
    <Part title={t('fees.heading')} intro={t('fees.intro')}>
      {platforms.data ? (
        <form onSubmit={switchPlatform} noValidate>
          <p className={styles.field}>
            <label htmlFor={`${id}-platform`}>{t('fees.platform')}</label>
            <select
              id={`${id}-platform`}
              className={`${styles.input} ${own.medium}`}
              value={chosen ?? active}
              onChange={(event) => setChosen(event.target.value)}
            >
              {platforms.data.map((platform) => (
                <option key={platform.platformKey} value={platform.platformKey}>
                  {platform.isEnable ? t('fees.activePlatform', { name: platform.name }) : platform.name}
                </option>
              ))}
            </select>
          </p>
          <OutcomeNote outcome={platformOutcome.outcome} />
          <p className={styles.actions}>
            <button type="submit" className="gf-button gf-button--secondary" disabled={activating.isLoading}>
              {t('fees.activate')}
            </button>
          </p>
        </form>
      ) : null}
      <form onSubmit={submit} noValidate>
        <NumberField
          label={t('fees.card')}
          hint={t('fees.cardHint')}
          value={card}
          error={errors.card}
          inputMode="decimal"
          onChange={setCard}
        />
        <NumberField
          label={t('fees.bank')}
          hint={t('fees.bankHint')}
          value={bank}
          error={errors.bank}
          inputMode="decimal"
          onChange={setBank}
        />
        <OutcomeNote outcome={outcome} />
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {t('fees.save')}
          </button>
        </p>
      </form>
    </Part>
  );
}

function NotificationsForm({ stored }: { stored: AdminSettingsResponse }) {
  const { t } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const [reminder, setReminder] = useState(String(stored.notifications.reminderDaysBefore));
  const [notice, setNotice] = useState(String(stored.notifications.autopayNoticeDaysBefore));
  const [errors, setErrors] = useState<{ reminder?: string; notice?: string }>({});
  const [save, saving] = useSaveNotificationTimingsMutation();
  const { outcome, setOutcome, report } = useOutcome();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const reminderDaysBefore = daysOf(reminder, 1, 30);
    const autopayNoticeDaysBefore = daysOf(notice, 1, 30);
    const next = {
      reminder: reminderDaysBefore === undefined ? t('days.invalid', { min: 1, max: 30 }) : undefined,
      notice: autopayNoticeDaysBefore === undefined ? t('days.invalid', { min: 1, max: 30 }) : undefined,
    };
    setErrors(next);
    if (reminderDaysBefore === undefined || autopayNoticeDaysBefore === undefined) return;
    report(await save({ reminderDaysBefore, autopayNoticeDaysBefore }));
  };
  return (
    <Part title={t('notices.heading')} intro={t('notices.intro')}>
      <form onSubmit={submit} noValidate>
        <NumberField
          label={t('notices.reminder')}
          value={reminder}
          error={errors.reminder}
          onChange={setReminder}
        />
        <NumberField label={t('notices.autopay')} value={notice} error={errors.notice} onChange={setNotice} />
        <OutcomeNote outcome={outcome} />
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {t('notices.save')}
          </button>
        </p>
      </form>
    </Part>
  );
}

function AutopayForm({ stored }: { stored: AutopayRulesSettings }) {
  const { t } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const id = useId();
  const [cap, setCap] = useState(
    stored.maxWithdrawalCents === null ? '' : (stored.maxWithdrawalCents / 100).toFixed(2),
  );
  const [methods, setMethods] = useState<Array<'card' | 'ach'>>(stored.methods);
  const [days, setDays] = useState(String(stored.withdrawalDaysBefore));
  const [errors, setErrors] = useState<{ cap?: string; methods?: string; days?: string }>({});
  const [save, saving] = useSaveAutopayRulesMutation();
  const { outcome, setOutcome, report } = useOutcome();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const capValue = cap.trim() === '' ? null : decimalOf(cap);
    const withdrawalDaysBefore = daysOf(days, 0, 10);
    const next = {
      cap:
        capValue === undefined || (capValue !== null && capValue < 1) ? t('autopay.capInvalid') : undefined,
      methods: methods.length === 0 ? t('autopay.methodsNeeded') : undefined,
      days: withdrawalDaysBefore === undefined ? t('days.invalid', { min: 0, max: 10 }) : undefined,
    };
    setErrors(next);
    if (next.cap || next.methods || capValue === undefined || withdrawalDaysBefore === undefined) return;
    report(
      await save({
        maxWithdrawalCents: capValue === null ? null : Math.round(capValue * 100),
        methods,
        withdrawalDaysBefore,
      }),
    );
  };
  return (
    <Part title={t('autopay.heading')} intro={t('autopay.intro')}>
      <form onSubmit={submit} noValidate>
        <NumberField
          label={t('autopay.cap')}
          hint={t('autopay.capHint')}
          value={cap}
          error={errors.cap}
          inputMode="decimal"
          onChange={setCap}
        />
        <fieldset
          className={own.choices}
          aria-describedby={errors.methods ? `${id}-methods-error` : undefined}
        >
          <legend>{t('autopay.methods')}</legend>
          {METHODS.map((method) => (
            <p key={method} className={own.choice}>
              <input
                id={`${id}-${method}`}
                type="checkbox"
                checked={methods.includes(method)}
                onChange={(event) =>
                  setMethods((current) =>
                    event.target.checked
                      ? METHODS.filter((entry) => entry === method || current.includes(entry))
                      : current.filter((entry) => entry !== method),
                  )
                }
              />
              <label htmlFor={`${id}-${method}`}>{t(`autopay.${method}`)}</label>
            </p>
          ))}
          {errors.methods ? (
            <span id={`${id}-methods-error`} className={styles.error}>
              {errors.methods}
            </span>
          ) : null}
        </fieldset>
        <NumberField
          label={t('autopay.days')}
          hint={t('autopay.daysHint')}
          value={days}
          error={errors.days}
          onChange={setDays}
        />
        <OutcomeNote outcome={outcome} />
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {t('autopay.save')}
          </button>
        </p>
      </form>
    </Part>
  );
}

/** The refusal of an upload: the field the tariff engine named, and its message. */
function refusalOf(error: unknown): { field: string | null; message: string } | null {
  if (!isFetchBaseQueryError(error) || error.status !== 422) return null;
  const data = error.data as { field?: unknown; message?: unknown } | undefined;
  return {
    field: typeof data?.field === 'string' ? data.field : null,
    message: typeof data?.message === 'string' ? data.message : '',
  };
}

function PlansPart({ plans }: { plans: OfferedPlan[] }) {
  const { t, i18n } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const [setOffered, setting] = useSetPlanOfferedMutation();
  const { outcome, setOutcome, report } = useOutcome();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const toggle = async (plan: OfferedPlan) => {
    setOutcome(null);
    report(await setOffered({ id: plan.id, offered: !plan.offered }));
  };
  return (
    <Part title={t('plans.heading')} intro={t('plans.intro')}>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${own.plans}`}>
          <caption className={own.caption}>{t('plans.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('plans.code')}</th>
              <th scope="col">{t('plans.name')}</th>
              <th scope="col">{t('plans.service')}</th>
              <th scope="col">{t('plans.sector')}</th>
              <th scope="col">{t('plans.from')}</th>
              <th scope="col">{t('plans.offered')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.id} data-plan={plan.code}>
                <th scope="row">{plan.code}</th>
                <td data-label={t('plans.name')}>{plan.name}</td>
                <td data-label={t('plans.service')}>
                  {t(`plans.services.${plan.utilityType}`, { defaultValue: plan.utilityType })}
                </td>
                <td data-label={t('plans.sector')}>{plan.sector}</td>
                <td data-label={t('plans.from')}>
                  {date.format(new Date(`${plan.effectiveFrom}T00:00:00Z`))}
                </td>
                <td data-label={t('plans.offered')}>
                  <label className={own.choice}>
                    <input
                      type="checkbox"
                      checked={plan.offered}
                      disabled={setting.isLoading}
                      onChange={() => void toggle(plan)}
                    />
                    <span className={own.visuallyHidden}>{t('plans.offerLabel', { code: plan.code })}</span>
                    <span aria-hidden="true">{plan.offered ? t('plans.yes') : t('plans.no')}</span>
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OutcomeNote outcome={outcome} />
      <UploadForm />
    </Part>
  );
}

function UploadForm() {
  const { t } = useTranslation(ADMIN_SETTINGS_NAMESPACE);
  const id = useId();
  const [upload, uploading] = useUploadPlanMutation();
  const [file, setFile] = useState<File | null>(null);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!file) return setOutcome({ ok: false, text: t('plans.chooseFile') });
    let record: unknown;
    try {
      record = JSON.parse(await file.text());
    } catch {
      return setOutcome({ ok: false, text: t('plans.notJson', { file: file.name }) });
    }
    const result = await upload({ record, ...(code.trim() ? { code: code.trim() } : {}) });
    if ('error' in result && result.error) {
      const refusal = refusalOf(result.error);
      setOutcome({
        ok: false,
        text: refusal
          ? refusal.field
            ? t('plans.refusedField', { field: refusal.field, message: refusal.message })
            : t('plans.refused', { message: refusal.message })
          : errorMessage(result.error),
      });
    } else if ('data' in result && result.data) {
      setOutcome({ ok: true, text: t('plans.added', { code: result.data.code }) });
      setCode('');
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <h3 className={own.subheading}>{t('plans.upload')}</h3>
      <p className={styles.field}>
        <label htmlFor={`${id}-file`}>{t('plans.file')}</label>
        <span id={`${id}-file-hint`} className={own.hint}>
          {t('plans.fileHint')}
        </span>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </p>
      <p className={styles.field}>
        <label htmlFor={`${id}-code`}>{t('plans.codeLabel')}</label>
        <span id={`${id}-code-hint`} className={own.hint}>
          {t('plans.codeHint')}
        </span>
        <input
          id={`${id}-code`}
          className={`${styles.input} ${own.medium}`}
          value={code}
          aria-describedby={`${id}-code-hint`}
          onChange={(event) => setCode(event.target.value)}
        />
      </p>
      <OutcomeNote outcome={outcome} />
      <p className={styles.actions}>
        <button type="submit" className="gf-button" disabled={uploading.isLoading}>
          {t('plans.uploadButton')}
        </button>
      </p>
    </form>
  );
}
