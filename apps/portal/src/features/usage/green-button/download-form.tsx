// Download My Data: a service, a date range (the last 12 months unless changed) and a format; the
// file is fetched and offered as a download, and a refusal is shown beside the form.
import type { GreenButtonFormat, UtilityType } from '@gridfront/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import styles from './green-button.module.css';
import { useGreenButtonExportMutation } from './green-button-api.ts';
import { greenButtonFailure, lastTwelveMonths } from './green-button-text.ts';
import { GREEN_BUTTON_NAMESPACE } from './texts.ts';

/** Offers the file at an object URL as a download, then lets the browser free it. */
function saveFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DownloadForm({ accountId, services }: { accountId: string; services: UtilityType[] }) {
  const { t } = useTranslation(GREEN_BUTTON_NAMESPACE);
  const id = useId();
  // Sewer has no meter of its own: nothing to download.
  const downloadable = services.filter((service) => service !== 'sewer');
  const [range] = useState(lastTwelveMonths);
  const [utilityType, setUtilityType] = useState<UtilityType | undefined>(downloadable[0]);
  const [from, setFrom] = useState(range.from);
  const [toDate, setToDate] = useState(range.toDate);
  const [format, setFormat] = useState<GreenButtonFormat>('xml');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [exportFile, { isLoading }] = useGreenButtonExportMutation();

  if (downloadable.length === 0 || !utilityType) return <p>{t('download.noServices')}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    try {
      const fileUrl = await exportFile({ accountId, utilityType, from, toDate, format }).unwrap();
      const fileName = `green-button-${utilityType}-${from}-to-${toDate}.${format}`;
      saveFile(fileUrl, fileName);
      setDone(t('download.done', { file: fileName }));
    } catch (failure) {
      const reason = greenButtonFailure(failure);
      setError('key' in reason ? t(`serverMessages.${reason.key}`) : reason.text);
    }
  };

  const errorId = `${id}-error`;
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className={styles.subTitle}>
        {t('download.heading')}
      </h3>
      <div className={styles.row}>
        <label className={styles.field}>
          <span>{t('download.service')}</span>
          <select value={utilityType} onChange={(event) => setUtilityType(event.target.value as UtilityType)}>
            {downloadable.map((service) => (
              <option key={service} value={service}>
                {t(`services.${service}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('download.from')}</span>
          <input
            type="date"
            value={from}
            max={toDate}
            required
            aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('download.to')}</span>
          <input
            type="date"
            value={toDate}
            min={from}
            required
            aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setToDate(event.target.value)}
          />
        </label>
        <fieldset className={styles.formats}>
          <legend>{t('download.format')}</legend>
          {(['xml', 'csv'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-format`}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {t(`download.${value}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('download.rangeHint')}
      </p>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="gf-button" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? t('download.busy') : t('download.submit')}
        </button>
        <p role="status" className={styles.status}>
          {done}
        </p>
      </div>
    </form>
  );
}
