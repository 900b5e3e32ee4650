// /admin/content (issue 14): the utility's own texts (About Us, Services, the legal documents, the
// Electronic Payment Agreement, contact hours and address) per enabled language, with a preview,
// and its contact channels. Plain text only; the server checks everything again and audits it.
import './admin-content-texts.ts';
import type { AdminContentResponse } from '@gridfront/contracts/admin-content';
import {
  CONTENT_KINDS,
  CONTENT_MAX_LENGTH,
  type ContentKind,
} from '@gridfront/contracts/admin-content-basics';
import type { Language } from '@gridfront/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { readErrorBody } from '../../lib/api/error-body.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { DocumentBlocks, forgetTenantDocuments } from '../marketing/tenant-document.tsx';
import styles from './admin.module.css';
import own from './admin-content.module.css';
import {
  useAdminContentQuery,
  useSaveAdminChannelsMutation,
  useSaveAdminDocumentMutation,
} from './admin-content-api.ts';
import { type StartingText, useStartingText } from './admin-content-start.ts';
import { ADMIN_CONTENT_NAMESPACE } from './admin-content-texts.ts';
import { Loaded, type Outcome, OutcomeNote, Part } from './admin-parts.tsx';

type FieldErrors = Partial<Record<string, string>>;

/** The language's own name, in the language of the page. */
function languageName(language: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** The server's field messages in the reader's language (the server speaks English). */
function useFieldErrors() {
  const { t } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  return (error: unknown, kind?: ContentKind): FieldErrors => {
    const body = isFetchBaseQueryError(error) ? readErrorBody(error.data) : undefined;
    const fields = body?.fields ?? {};
    const translated: FieldErrors = {};
    for (const [field, message] of Object.entries(fields)) {
      if (field === 'body')
        translated.body = t('errors.tooLong', { max: CONTENT_MAX_LENGTH[kind ?? 'about'] });
      else if (field === 'language') translated.language = t('errors.language');
      else if (field === 'phone' || field === 'outagePhone') translated[field] = t('errors.phone');
      else if (field === 'email') translated.email = t('errors.email');
      else translated[field] = message;
    }
    return translated;
  };
}

export function AdminContent() {
  const { t } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const content = useAdminContentQuery();
  return (
    <Loaded query={content} texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}>
      {(data) => (
        <div className={own.parts}>
          <Documents content={data} />
          <Channels content={data} />
        </div>
      )}
    </Loaded>
  );
}

export default AdminContent;

function Documents({ content }: { content: AdminContentResponse }) {
  const { t, i18n } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const [kind, setKind] = useState<ContentKind>('about');
  const [language, setLanguage] = useState<Language>(content.defaultLanguage);
  const id = useId();
  return (
    <Part title={t('documents.heading')} intro={t('documents.intro')}>
      <div className={own.pickers}>
        <p className={styles.field}>
          <label htmlFor={`${id}-kind`}>{t('documents.document')}</label>
          <select
            id={`${id}-kind`}
            className={styles.input}
            value={kind}
            onChange={(event) => setKind(event.target.value as ContentKind)}
          >
            {CONTENT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`documents.kinds.${option}`)}
              </option>
            ))}
          </select>
        </p>
        <p className={styles.field}>
          <label htmlFor={`${id}-language`}>{t('documents.language')}</label>
          <select
            id={`${id}-language`}
            className={styles.input}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {content.languages.map((option) => (
              <option key={option} value={option}>
                {languageName(option, i18n.resolvedLanguage ?? 'en')}
              </option>
            ))}
          </select>
        </p>
      </div>
      <StartedDocumentForm key={`${kind}:${language}`} content={content} kind={kind} language={language} />
    </Part>
  );
}

/**
 * A fresh form per document and language. It starts from what is stored in that language, else
 * from the text a visitor of that language sees today (admin-content-start.ts).
 */
function StartedDocumentForm({
  content,
  kind,
  language,
}: {
  content: AdminContentResponse;
  kind: ContentKind;
  language: Language;
}) {
  const { t } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const { contentLanguage } = useTenant();
  const stored = content.documents.find((entry) => entry.kind === kind && entry.language === language);
  const start = useStartingText(content, kind, language, contentLanguage ?? content.defaultLanguage);
  if (!stored && !start) return <p aria-busy="true">{t('loading')}</p>;
  return <DocumentForm kind={kind} language={language} stored={stored} start={stored ? undefined : start} />;
}

function DocumentForm({
  kind,
  language,
  stored,
  start,
}: {
  kind: ContentKind;
  language: Language;
  stored: AdminContentResponse['documents'][number] | undefined;
  /** Where the text starts when nothing is stored in this language. */
  start: StartingText | undefined;
}) {
  const { t, i18n } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const [text, setText] = useState(stored?.body ?? start?.body ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [save, saving] = useSaveAdminDocumentMutation();
  const fieldErrors = useFieldErrors();
  const id = useId();
  const max = CONTENT_MAX_LENGTH[kind];
  const previewId = `${id}-preview`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (text.trim().length > max) {
      setFieldError(t('errors.tooLong', { max }));
      return;
    }
    setFieldError(undefined);
    const result = await save({ kind, language, body: text });
    if ('error' in result && result.error) {
      const fields = fieldErrors(result.error, kind);
      setFieldError(fields.body ?? fields.language);
      setOutcome({ ok: false, text: fields.body ?? fields.language ?? errorMessage(result.error) });
      return;
    }
    forgetTenantDocuments();
    setOutcome({ ok: true, text: text.trim() ? t('saved') : t('removed') });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.field}>
        <label htmlFor={`${id}-text`}>
          {t('documents.text')} ({t(`documents.kinds.${kind}`)},{' '}
          {languageName(language, i18n.resolvedLanguage ?? 'en')})
        </label>
        <span id={`${id}-hint`} className={own.hint}>
          {t('documents.hint')}
        </span>
        {start?.from ? (
          <span id={`${id}-start`} className={own.hint}>
            {start.from === 'builtIn' && start.language === language
              ? t('documents.startsFromBuiltIn')
              : t('documents.startsFromOther', {
                  language: languageName(start.language, i18n.resolvedLanguage ?? 'en'),
                })}
          </span>
        ) : null}
        <textarea
          id={`${id}-text`}
          className={`${styles.input} ${own.text}`}
          lang={language}
          rows={kind === 'contactHours' || kind === 'contactAddress' ? 3 : 12}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${start?.from ? ` ${id}-start` : ''} ${id}-count${fieldError ? ` ${id}-error` : ''}`}
        />
        <span id={`${id}-count`} className={own.hint}>
          {t('documents.count', { count: text.trim().length, max })}
        </span>
        {fieldError ? (
          <span id={`${id}-error`} className={styles.error}>
            {fieldError}
          </span>
        ) : null}
      </p>
      <section className={own.preview} aria-labelledby={previewId}>
        <h3 id={previewId}>{t('documents.preview')}</h3>
        <div lang={language} className={own.previewBody}>
          {text.trim() ? <DocumentBlocks text={text} headingLevel={3} /> : <p>{t('documents.empty')}</p>}
        </div>
      </section>
      <p className={styles.actions}>
        <button type="submit" className="gf-button" disabled={saving.isLoading}>
          {t('documents.save')}
        </button>
        {stored ? (
          <span className={own.hint}>
            {t('documents.lastSaved', {
              when: new Date(stored.updatedAt).toLocaleString(i18n.resolvedLanguage ?? 'en'),
            })}
          </span>
        ) : null}
      </p>
      <OutcomeNote outcome={outcome} />
    </form>
  );
}

const CHANNELS = ['phone', 'outagePhone', 'email'] as const;

function Channels({ content }: { content: AdminContentResponse }) {
  const { t } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const [values, setValues] = useState(content.channels);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [save, saving] = useSaveAdminChannelsMutation();
  const fieldErrors = useFieldErrors();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const result = await save(values);
    if ('error' in result && result.error) {
      const fields = fieldErrors(result.error);
      setErrors(fields);
      setOutcome({ ok: false, text: Object.values(fields)[0] ?? errorMessage(result.error) });
      return;
    }
    setErrors({});
    setOutcome({ ok: true, text: t('saved') });
  };

  return (
    <Part title={t('channels.heading')} intro={t('channels.intro')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {CHANNELS.map((channel) => (
          <p key={channel} className={styles.field}>
            <label htmlFor={`${id}-${channel}`}>{t(`channels.${channel}`)}</label>
            <input
              id={`${id}-${channel}`}
              className={styles.input}
              type={channel === 'email' ? 'email' : 'tel'}
              autoComplete="off"
              value={values[channel]}
              onChange={(event) => setValues({ ...values, [channel]: event.target.value })}
              aria-invalid={errors[channel] ? true : undefined}
              aria-describedby={errors[channel] ? `${id}-${channel}-error` : undefined}
            />
            {errors[channel] ? (
              <span id={`${id}-${channel}-error`} className={styles.error}>
                {errors[channel]}
              </span>
            ) : null}
          </p>
        ))}
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {t('channels.save')}
          </button>
        </p>
        <OutcomeNote outcome={outcome} />
      </form>
    </Part>
  );
}
