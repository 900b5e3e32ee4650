// Upload a Green Button file: checked for type and size before sending, pending while the server
// reads it, then what was loaded with the server's warnings; a refusal stays beside the field.
import type { GreenButtonUpload } from '@gridfront/contracts/green-button';
import { GREEN_BUTTON_MAX_UPLOAD_BYTES } from '@gridfront/contracts/green-button-limits';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDate } from '../../billing/format.ts';
import { useLanguage } from '../../billing/use-language.ts';
import styles from './green-button.module.css';
import { useGreenButtonUploadMutation } from './green-button-api.ts';
import { greenButtonFailure } from './green-button-text.ts';
import { GREEN_BUTTON_NAMESPACE } from './texts.ts';

const MEGABYTE = 1024 * 1024;
const MAX_MB = GREEN_BUTTON_MAX_UPLOAD_BYTES / MEGABYTE;

export function UploadForm() {
  const { t } = useTranslation(GREEN_BUTTON_NAMESPACE);
  const language = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<GreenButtonUpload | null>(null);
  const [upload, { isLoading }] = useGreenButtonUploadMutation();

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setLoaded(null);
    const file = input.current?.files?.[0];
    if (!file) return refuse(t('upload.choose'));
    if (!/\.xml$/i.test(file.name) && !/xml/.test(file.type)) return refuse(t('upload.notXml'));
    if (file.size > GREEN_BUTTON_MAX_UPLOAD_BYTES) {
      const size = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(file.size / MEGABYTE);
      return refuse(t('upload.tooLarge', { size, max: MAX_MB }));
    }
    try {
      const answer = await upload({ xml: await file.text(), name: file.name }).unwrap();
      setLoaded(answer);
      if (input.current) input.current.value = '';
    } catch (failure) {
      const reason = greenButtonFailure(failure);
      refuse('key' in reason ? t(`serverMessages.${reason.key}`) : reason.text);
    }
  };

  const errorId = `${id}-error`;
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className={styles.subTitle}>
        {t('upload.heading')}
      </h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>{t('upload.file')}</label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={() => setError(null)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t('upload.hint', { size: MAX_MB })}
        </p>
        {error ? (
          <p id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="gf-button" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? t('upload.busy') : t('upload.submit')}
        </button>
        {isLoading ? <progress className={styles.progress} aria-label={t('upload.busy')} /> : null}
      </div>
      <div role="status" className={styles.status}>
        {loaded ? (
          <>
            <p>
              {t('upload.loaded', {
                name: loaded.name,
                count: loaded.readings,
                from: formatDate(loaded.from, language),
                to: formatDate(loaded.to, language),
              })}
            </p>
            {loaded.warnings.length > 0 ? (
              <div className={styles.warnings}>
                <p className={styles.warningsTitle}>{t('upload.warnings')}</p>
                <ul>
                  {loaded.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
