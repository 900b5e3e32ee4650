// The what-ifs and "Compare plans": each what-if is switched on with its checkbox and shows its
// figures (the server's defaults to start with, or a saved result's to change). A retry of the same
// request reuses its idempotency key, so a double click or a lost answer never saves two results.
import type { CompareCalculateRequest } from '@gridfront/contracts/rate-comparison';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PlainField } from '../../components/plain-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useGreenButtonUploadsQuery } from '../usage/green-button/green-button-api.ts';
import styles from './gridx-page.module.css';
import { useCompareCalculateMutation } from './rates-api.ts';
import { failureText } from './server-text.ts';
import { RATES_NAMESPACE } from './texts.ts';
import { requestFromForm, type WhatIfErrors, type WhatIfForm } from './what-if-form.ts';

interface CompareFormProps {
  accountId: string;
  initial: WhatIfForm;
  /** The Green Button upload that filled the months without readings last time, if any. */
  uploadId: string | null;
}

export function resultPath(id: string): string {
  return `/gridx?compareResult=true&id=${encodeURIComponent(id)}`;
}

export function CompareForm({ accountId, initial, uploadId: initialUpload }: CompareFormProps) {
  const { t } = useTranslation(RATES_NAMESPACE);
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [uploadId, setUploadId] = useState(initialUpload ?? '');
  const [errors, setErrors] = useState<WhatIfErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [calculate, { isLoading }] = useCompareCalculateMutation();
  const uploads = useGreenButtonUploadsQuery();
  const electricUploads = (uploads.data?.uploads ?? []).filter((u) => u.utilityType === 'electricity');
  const lastAttempt = useRef<{ request: string; key: string } | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  const errorOf = (path: string) => {
    const key = errors[path];
    return key ? t(`form.errors.${key}` as 'form.errors.evMiles') : undefined;
  };
  const update = <K extends keyof WhatIfForm>(part: K, values: Partial<WhatIfForm[K]>) =>
    setForm((current) => ({ ...current, [part]: { ...current[part], ...values } }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { whatIfs, errors: found } = requestFromForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      summary.current?.focus();
      return;
    }
    const asked = { accountId, whatIfs, ...(uploadId ? { uploadId } : {}) };
    const request = JSON.stringify(asked);
    if (lastAttempt.current?.request !== request) lastAttempt.current = { request, key: crypto.randomUUID() };
    const body: CompareCalculateRequest = { ...asked, idempotencyKey: lastAttempt.current.key };
    const result = await calculate(body);
    if (result.error) {
      setFailure(failureText(result.error, t));
      return;
    }
    navigate(resultPath(result.data.id));
  }

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form className={`gf-surface ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="gridx-form">
      <h2 id="gridx-form">{t('form.heading')}</h2>
      <p>{t('form.intro')}</p>
      <div ref={summary} tabIndex={-1} role={hasErrors ? 'alert' : undefined} className={styles.summary}>
        {hasErrors ? <p className={styles.error}>{t('form.errors.summary')}</p> : null}
      </div>
      <h3 className={styles.whatIfHeading}>{t('form.whatIfs')}</h3>
      <WhatIf label={t('form.ev.toggle')} on={form.ev.on} onToggle={(on) => update('ev', { on })}>
        <PlainField
          label={t('form.ev.miles')}
          value={form.ev.milesPerYear}
          onChange={(milesPerYear) => update('ev', { milesPerYear })}
          error={errorOf('ev.milesPerYear')}
          inputMode="numeric"
          autoComplete="off"
        />
        <PlainField
          label={t('form.ev.kwhPerMile')}
          value={form.ev.kwhPerMile}
          onChange={(kwhPerMile) => update('ev', { kwhPerMile })}
          error={errorOf('ev.kwhPerMile')}
          inputMode="decimal"
          autoComplete="off"
        />
        <PlainField
          label={t('form.ev.charger')}
          value={form.ev.chargerKw}
          onChange={(chargerKw) => update('ev', { chargerKw })}
          error={errorOf('ev.chargerKw')}
          inputMode="decimal"
          autoComplete="off"
        />
        <PlainField
          label={t('form.ev.start')}
          value={form.ev.startHour}
          onChange={(startHour) => update('ev', { startHour })}
          error={errorOf('ev.startHour')}
          inputMode="numeric"
          autoComplete="off"
        />
        <PlainField
          label={t('form.ev.end')}
          value={form.ev.endHour}
          onChange={(endHour) => update('ev', { endHour })}
          error={errorOf('ev.endHour')}
          inputMode="numeric"
          autoComplete="off"
        />
      </WhatIf>
      <WhatIf label={t('form.solar.toggle')} on={form.solar.on} onToggle={(on) => update('solar', { on })}>
        <PlainField
          label={t('form.solar.kw')}
          value={form.solar.kw}
          onChange={(kw) => update('solar', { kw })}
          error={errorOf('solar.kw')}
          inputMode="decimal"
          autoComplete="off"
        />
        <PlainField
          label={t('form.solar.tilt')}
          value={form.solar.tiltDeg}
          onChange={(tiltDeg) => update('solar', { tiltDeg })}
          error={errorOf('solar.tiltDeg')}
          inputMode="decimal"
          autoComplete="off"
        />
        <PlainField
          label={t('form.solar.azimuth')}
          value={form.solar.azimuthDeg}
          onChange={(azimuthDeg) => update('solar', { azimuthDeg })}
          error={errorOf('solar.azimuthDeg')}
          inputMode="decimal"
          autoComplete="off"
        />
      </WhatIf>
      <WhatIf
        label={t('form.battery.toggle')}
        on={form.battery.on}
        onToggle={(on) => update('battery', { on })}
      >
        <PlainField
          label={t('form.battery.kwh')}
          value={form.battery.kwh}
          onChange={(kwh) => update('battery', { kwh })}
          error={errorOf('battery.kwh')}
          inputMode="decimal"
          autoComplete="off"
        />
        <PlainField
          label={t('form.battery.kw')}
          value={form.battery.kw}
          onChange={(kw) => update('battery', { kw })}
          error={errorOf('battery.kw')}
          inputMode="decimal"
          autoComplete="off"
        />
        <fieldset className={styles.choices}>
          <legend>{t('form.battery.mode')}</legend>
          {(['self-consumption', 'time-of-use'] as const).map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name="battery-mode"
                checked={form.battery.mode === mode}
                onChange={() => update('battery', { mode })}
              />{' '}
              {t(`form.battery.${mode}`)}
            </label>
          ))}
        </fieldset>
      </WhatIf>
      <WhatIf label={t('form.shift.toggle')} on={form.shift.on} onToggle={(on) => update('shift', { on })}>
        <PlainField
          label={t('form.shift.percent')}
          value={form.shift.percent}
          onChange={(percent) => update('shift', { percent })}
          error={errorOf('shift.percent')}
          inputMode="numeric"
          autoComplete="off"
        />
      </WhatIf>
      {electricUploads.length > 0 ? (
        <fieldset className={styles.choices}>
          <legend>{t('form.fill.legend')}</legend>
          <p className={styles.hint}>{t('form.fill.hint')}</p>
          <label>
            <input type="radio" name="fill" checked={uploadId === ''} onChange={() => setUploadId('')} />{' '}
            {t('form.fill.similarHomes')}
          </label>
          {electricUploads.map((upload) => (
            <label key={upload.uploadId}>
              <input
                type="radio"
                name="fill"
                checked={uploadId === upload.uploadId}
                onChange={() => setUploadId(upload.uploadId)}
              />{' '}
              {t('form.fill.upload', { name: upload.name })}
            </label>
          ))}
        </fieldset>
      ) : null}
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
      <button type="submit" className="gf-button" disabled={isLoading}>
        {isLoading ? t('form.submitting') : t('form.submit')}
      </button>
    </form>
  );
}

function WhatIf(props: { label: string; on: boolean; onToggle: (on: boolean) => void; children: ReactNode }) {
  return (
    <div className={styles.whatIf}>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={props.on}
          onChange={(event) => props.onToggle(event.target.checked)}
        />{' '}
        {props.label}
      </label>
      {props.on ? <div className={styles.whatIfFields}>{props.children}</div> : null}
    </div>
  );
}
