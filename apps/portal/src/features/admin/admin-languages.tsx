// /admin/languages (issue 14): the portal languages the utility offers and its default one. At least
// one must be offered and the default is one of them; the server checks both again and audits it.
import './admin-languages-texts.ts';
import type { AdminLanguagesResponse } from '@gridfront/contracts/admin-languages';
import { LANGUAGES, type Language } from '@gridfront/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/api/error-message.ts';
import styles from './admin.module.css';
import own from './admin-languages.module.css';
import { useAdminLanguagesQuery, useSaveAdminLanguagesMutation } from './admin-languages-api.ts';
import { ADMIN_LANGUAGES_NAMESPACE } from './admin-languages-texts.ts';
import { Loaded } from './admin-parts.tsx';

export function AdminLanguages() {
  const { t } = useTranslation(ADMIN_LANGUAGES_NAMESPACE);
  const stored = useAdminLanguagesQuery();
  return (
    <Loaded query={stored} texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}>
      {(data) => <LanguagesForm stored={data} />}
    </Loaded>
  );
}

export default AdminLanguages;

function LanguagesForm({ stored }: { stored: AdminLanguagesResponse }) {
  const { t } = useTranslation(ADMIN_LANGUAGES_NAMESPACE);
  // Each language's name in the portal's language, from the main namespace.
  const { t: tMain } = useTranslation();
  const id = useId();
  const [enabled, setEnabled] = useState<Language[]>(stored.enabled);
  const [defaultLanguage, setDefaultLanguage] = useState<Language>(stored.default);
  const [save, saving] = useSaveAdminLanguagesMutation();
  const [saved, setSaved] = useState(false);
  const [touched, setTouched] = useState(false);
  const noneEnabled = enabled.length === 0;

  const toggle = (language: Language, on: boolean) => {
    const next = LANGUAGES.filter((code) => (code === language ? on : enabled.includes(code)));
    setEnabled(next);
    // The default must stay among the offered languages.
    if (!next.includes(defaultLanguage) && next[0]) setDefaultLanguage(next[0]);
    setSaved(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setSaved(false);
    if (noneEnabled) return;
    const result = await save({ enabled, default: defaultLanguage });
    if (!('error' in result)) setSaved(true);
  };

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('heading')}</h2>
      <p>{t('intro')}</p>
      <form onSubmit={submit} noValidate>
        <fieldset
          className={own.languages}
          aria-invalid={touched && noneEnabled ? true : undefined}
          aria-describedby={touched && noneEnabled ? `${id}-none` : undefined}
        >
          <legend>{t('enabled')}</legend>
          {LANGUAGES.map((language) => (
            <p key={language} className={own.language}>
              <input
                id={`${id}-${language}`}
                type="checkbox"
                checked={enabled.includes(language)}
                onChange={(event) => toggle(language, event.target.checked)}
              />
              <label htmlFor={`${id}-${language}`} lang={language}>
                {tMain(`languages.${language}`)}
              </label>
            </p>
          ))}
          {touched && noneEnabled ? (
            <p id={`${id}-none`} role="alert" className={`${styles.error} ${own.none}`}>
              {t('noneEnabled')}
            </p>
          ) : null}
        </fieldset>
        <p className={styles.field}>
          <label htmlFor={`${id}-default`}>{t('default')}</label>
          <select
            id={`${id}-default`}
            className={styles.input}
            value={defaultLanguage}
            disabled={noneEnabled}
            onChange={(event) => {
              const next = LANGUAGES.find((code) => code === event.target.value);
              if (next) setDefaultLanguage(next);
              setSaved(false);
            }}
          >
            {enabled.map((language) => (
              <option key={language} value={language} lang={language}>
                {tMain(`languages.${language}`)}
              </option>
            ))}
          </select>
        </p>
        {saving.error ? (
          <p role="alert" className={styles.error}>
            {errorMessage(saving.error)}
          </p>
        ) : null}
        {saved ? (
          <p role="status" className={styles.ok}>
            {t('saved')}
          </p>
        ) : null}
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {saving.isLoading ? t('saving') : t('save')}
          </button>
        </p>
      </form>
    </section>
  );
}
