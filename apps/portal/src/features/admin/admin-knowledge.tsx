// /admin/knowledge (issue 14): the AI Assist articles of the utility, listed per language with a
// search; an article opens in an editor (title, tags, Markdown with a live, sanitized preview) to
// save or delete; a new one is added with its slug and language; and a folder of Markdown files is
// imported like `npm run kb:import` (the server checks every file and names each bad one). The
// assistant answers from a saved change at once, on every instance.
import './admin-knowledge-texts.ts';
import type { AdminKnowledgeArticle } from '@gridfront/contracts/admin-knowledge';
import { adminKnowledgeMessages } from '@gridfront/contracts/admin-knowledge-messages';
import { LANGUAGES, type Language } from '@gridfront/contracts/constants';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import styles from './admin.module.css';
import own from './admin-knowledge.module.css';
import {
  useAdminKnowledgeArticleQuery,
  useAdminKnowledgeListQuery,
  useCreateAdminKnowledgeArticleMutation,
  useDeleteAdminKnowledgeArticleMutation,
  useImportAdminKnowledgeMutation,
  useSaveAdminKnowledgeArticleMutation,
} from './admin-knowledge-api.ts';
import { renderArticlePreview } from './admin-knowledge-markdown.ts';
import { ADMIN_KNOWLEDGE_NAMESPACE } from './admin-knowledge-texts.ts';
import { ADMIN_NAMESPACE } from './texts.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type Editing = { mode: 'new' } | { mode: 'edit'; language: Language; slug: string };

/** The server's English refusals this section knows, keyed to its texts. */
const REFUSALS: Readonly<Record<string, 'knowledge.exists' | 'knowledge.notFound'>> = {
  [adminKnowledgeMessages.exists]: 'knowledge.exists',
  [adminKnowledgeMessages.notFound]: 'knowledge.notFound',
};

function useErrorText() {
  const { t } = useTranslation(ADMIN_KNOWLEDGE_NAMESPACE);
  return (error: unknown): string => {
    if (isFetchBaseQueryError(error) && typeof error.data === 'object' && error.data !== null) {
      const message = (error.data as { message?: unknown }).message;
      const key = typeof message === 'string' ? REFUSALS[message] : undefined;
      if (key) return t(key);
    }
    return errorMessage(error);
  };
}

/** The search box's value, once the typing has paused. */
function useSettled(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function AdminKnowledge() {
  const { t } = useTranslation(ADMIN_KNOWLEDGE_NAMESPACE);
  const { t: tr } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language | ''>('');
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const list = useAdminKnowledgeListQuery({ language: language || undefined, q: q || undefined });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const languageName = (code: Language) => tr(`languages.${code}`);

  const open = (next: Editing) => {
    setNote(null);
    setEditing(next);
  };

  return (
    <>
      <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t('knowledge.heading')}</h2>
        <p>{t('knowledge.intro')}</p>
        <search className={own.filters}>
          <p className={styles.field}>
            <label htmlFor={`${id}-language`}>{t('knowledge.language')}</label>
            <select
              id={`${id}-language`}
              className={styles.input}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language | '')}
            >
              <option value="">{t('knowledge.allLanguages')}</option>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          </p>
          <p className={styles.field}>
            <label htmlFor={`${id}-search`}>{t('knowledge.search')}</label>
            <input
              id={`${id}-search`}
              className={styles.input}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </p>
        </search>
        <p role="status" className={own.count}>
          {list.data
            ? list.data.articles.length > 0
              ? t('knowledge.count', { count: list.data.articles.length })
              : t('knowledge.none')
            : null}
        </p>
        {list.error ? (
          <p role="alert" className={styles.error}>
            {errorMessage(list.error)}
          </p>
        ) : null}
        {list.data && list.data.articles.length > 0 ? (
          <ul className={own.articles}>
            {list.data.articles.map((article) => (
              <li key={`${article.language}/${article.slug}`} className={own.article}>
                <span className={own.articleText}>
                  <span lang={article.language} className={own.articleTitle}>
                    {article.title}
                  </span>
                  <span className={own.meta}>
                    {languageName(article.language)} · {article.slug} ·{' '}
                    {t('knowledge.updated', { date: article.updated })}
                  </span>
                </span>
                <button
                  type="button"
                  className="gf-button gf-button--secondary"
                  aria-label={t('knowledge.editLabel', {
                    title: article.title,
                    language: languageName(article.language),
                  })}
                  onClick={() => open({ mode: 'edit', language: article.language, slug: article.slug })}
                >
                  {t('knowledge.edit')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.actions}>
          <button type="button" className="gf-button" onClick={() => open({ mode: 'new' })}>
            {t('knowledge.new')}
          </button>
        </p>
        {note ? (
          <p role="status" className={styles.ok}>
            {note}
          </p>
        ) : null}
      </section>
      {editing ? (
        <ArticleEditor
          key={editing.mode === 'edit' ? `${editing.language}/${editing.slug}` : 'new'}
          editing={editing}
          onOpen={open}
          onClose={(message) => {
            setEditing(null);
            setNote(message ?? null);
          }}
        />
      ) : null}
      <ImportForm />
    </>
  );
}

export default AdminKnowledge;

interface EditorProps {
  editing: Editing;
  onOpen: (next: Editing) => void;
  onClose: (note?: string) => void;
}

function ArticleEditor({ editing, onOpen, onClose }: EditorProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const loaded = useAdminKnowledgeArticleQuery(
    editing.mode === 'edit' ? { language: editing.language, slug: editing.slug } : { language: '', slug: '' },
    { skip: editing.mode !== 'edit' },
  );
  if (editing.mode === 'edit' && !loaded.data) {
    return (
      <section className={`gf-surface ${styles.card}`}>
        <p role={loaded.error ? 'alert' : 'status'} className={loaded.error ? styles.error : undefined}>
          {loaded.error ? errorMessage(loaded.error) : t('loading')}
        </p>
      </section>
    );
  }
  return (
    <ArticleForm
      stored={editing.mode === 'edit' ? loaded.data : undefined}
      onOpen={onOpen}
      onClose={onClose}
    />
  );
}

function ArticleForm({
  stored,
  onOpen,
  onClose,
}: {
  stored: AdminKnowledgeArticle | undefined;
  onOpen: EditorProps['onOpen'];
  onClose: EditorProps['onClose'];
}) {
  const { t } = useTranslation(ADMIN_KNOWLEDGE_NAMESPACE);
  const { t: tr } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const [slug, setSlug] = useState(stored?.slug ?? '');
  const [language, setLanguage] = useState<Language>(stored?.language ?? 'en');
  const [title, setTitle] = useState(stored?.title ?? '');
  const [tags, setTags] = useState(stored?.tags.join(', ') ?? '');
  const [body, setBody] = useState(stored?.body ?? '');
  const [slugError, setSlugError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [create, creating] = useCreateAdminKnowledgeArticleMutation();
  const [save, saving] = useSaveAdminKnowledgeArticleMutation();
  const [remove, removing] = useDeleteAdminKnowledgeArticleMutation();
  const failure = creating.error ?? saving.error ?? removing.error;
  const busy = creating.isLoading || saving.isLoading || removing.isLoading;

  // Keyboard and screen-reader users land on the editor they opened.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    preview.current?.replaceChildren(renderArticlePreview(body));
  }, [body]);

  const fields = () => ({
    title: title.trim(),
    tags: tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    body,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!stored) {
      if (!SLUG.test(slug)) {
        setSlugError(true);
        return;
      }
      setSlugError(false);
      const result = await create({ slug, language, ...fields() });
      if (!('error' in result)) onOpen({ mode: 'edit', language, slug });
      return;
    }
    const result = await save({ language: stored.language, slug: stored.slug, body: fields() });
    if (!('error' in result)) setSaved(t('knowledge.saved'));
  };

  const destroy = async () => {
    if (!stored) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const result = await remove({ language: stored.language, slug: stored.slug });
    if (!('error' in result)) onClose(t('knowledge.deleted'));
  };

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-editor`}>
      <h2 id={`${id}-editor`} ref={heading} tabIndex={-1}>
        {stored ? t('knowledge.editing', { title: stored.title }) : t('knowledge.new')}
      </h2>
      <form onSubmit={submit} noValidate className={own.editor}>
        <div className={own.columns}>
          <div className={own.fields}>
            {stored ? (
              <p className={own.meta}>
                {tr(`languages.${stored.language}`)} · {stored.slug} ·{' '}
                {t('knowledge.updated', { date: stored.updated })}
              </p>
            ) : (
              <>
                <p className={styles.field}>
                  <label htmlFor={`${id}-slug`}>{t('knowledge.slug')}</label>
                  <input
                    id={`${id}-slug`}
                    className={styles.input}
                    required
                    value={slug}
                    aria-invalid={slugError || undefined}
                    aria-describedby={`${id}-slug-hint`}
                    onChange={(event) => setSlug(event.target.value.trim())}
                  />
                  <span id={`${id}-slug-hint`} className={slugError ? styles.error : own.hint}>
                    {t('knowledge.slugHint')}
                  </span>
                </p>
                <p className={styles.field}>
                  <label htmlFor={`${id}-language`}>{t('knowledge.language')}</label>
                  <select
                    id={`${id}-language`}
                    className={styles.input}
                    value={language}
                    onChange={(event) => setLanguage(event.target.value as Language)}
                  >
                    {LANGUAGES.map((code) => (
                      <option key={code} value={code} lang={code}>
                        {tr(`languages.${code}`)}
                      </option>
                    ))}
                  </select>
                </p>
              </>
            )}
            <p className={styles.field}>
              <label htmlFor={`${id}-title`}>{t('knowledge.title')}</label>
              <input
                id={`${id}-title`}
                className={styles.input}
                required
                lang={stored?.language ?? language}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
              />
            </p>
            <p className={styles.field}>
              <label htmlFor={`${id}-tags`}>{t('knowledge.tags')}</label>
              <input
                id={`${id}-tags`}
                className={styles.input}
                required
                lang={stored?.language ?? language}
                aria-describedby={`${id}-tags-hint`}
                value={tags}
                onChange={(event) => setTags(event.target.value)}
              />
              <span id={`${id}-tags-hint`} className={own.hint}>
                {t('knowledge.tagsHint')}
              </span>
            </p>
            <p className={styles.field}>
              <label htmlFor={`${id}-body`}>{t('knowledge.body')}</label>
              <textarea
                id={`${id}-body`}
                className={`${styles.input} ${own.body}`}
                required
                rows={16}
                lang={stored?.language ?? language}
                value={body}
                onChange={(event) => setBody(event.target.value)}
              />
            </p>
          </div>
          <div className={own.previewBox}>
            <h3 id={`${id}-preview`}>{t('knowledge.preview')}</h3>
            {body.trim() === '' ? <p className={own.hint}>{t('knowledge.previewEmpty')}</p> : null}
            <div ref={preview} className={own.preview} lang={stored?.language ?? language} />
          </div>
        </div>
        {failure ? (
          <p role="alert" className={styles.error}>
            {errorText(failure)}
          </p>
        ) : null}
        {saved ? (
          <p role="status" className={styles.ok}>
            {saved}
          </p>
        ) : null}
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={busy}>
            {saving.isLoading || creating.isLoading ? t('knowledge.saving') : t('knowledge.save')}
          </button>
          {stored ? (
            <button
              type="button"
              className="gf-button gf-button--secondary"
              disabled={busy}
              onClick={() => void destroy()}
            >
              {confirming ? t('knowledge.confirmDelete') : t('knowledge.delete')}
            </button>
          ) : null}
          <button type="button" className="gf-button gf-button--secondary" onClick={() => onClose()}>
            {t('knowledge.cancel')}
          </button>
        </p>
      </form>
    </section>
  );
}

/** What the browser gives for a chosen file: its path inside the chosen folder, or its name. */
async function readChosen(files: FileList | null): Promise<{ path: string; text: string }[]> {
  const markdown = [...(files ?? [])].filter((file) => file.name.toLowerCase().endsWith('.md'));
  return Promise.all(
    markdown.map(async (file) => ({ path: file.webkitRelativePath || file.name, text: await file.text() })),
  );
}

function ImportForm() {
  const { t } = useTranslation(ADMIN_KNOWLEDGE_NAMESPACE);
  const { t: tr } = useTranslation();
  const id = useId();
  const [files, setFiles] = useState<{ path: string; text: string }[]>([]);
  const [replace, setReplace] = useState(false);
  const [missing, setMissing] = useState(false);
  const [send, sending] = useImportAdminKnowledgeMutation();
  const [done, setDone] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    setDone(null);
    setMissing(false);
    setFiles(await readChosen(event.target.files));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (files.length === 0) {
      setMissing(true);
      return;
    }
    const result = await send({ files, replace });
    if ('data' in result && result.data) {
      const { imported, removed, languages } = result.data;
      setDone(
        t('import.done', {
          imported,
          removed,
          languages: languages.map((code) => tr(`languages.${code}`)).join(', '),
        }),
      );
    }
  };

  const problems =
    sending.error && isFetchBaseQueryError(sending.error) && sending.error.status === 422
      ? ((sending.error.data as { problems?: string[] } | undefined)?.problems ?? [])
      : [];

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-import`}>
      <h2 id={`${id}-import`}>{t('import.heading')}</h2>
      <p>{t('import.intro')}</p>
      <form onSubmit={submit} noValidate>
        <p className={styles.field}>
          <label htmlFor={`${id}-folder`}>{t('import.folder')}</label>
          <input
            id={`${id}-folder`}
            type="file"
            multiple
            // A folder picker: the files come with their paths (en/green-tags.md, …).
            ref={(input) => input?.setAttribute('webkitdirectory', '')}
            onChange={(event) => void choose(event)}
          />
        </p>
        <p className={styles.field}>
          <label htmlFor={`${id}-files`}>{t('import.files')}</label>
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept=".md,text/markdown"
            onChange={(event) => void choose(event)}
          />
        </p>
        <p role="status">{files.length > 0 ? t('import.chosen', { count: files.length }) : null}</p>
        <p className={own.check}>
          <input
            id={`${id}-replace`}
            type="checkbox"
            checked={replace}
            onChange={(event) => setReplace(event.target.checked)}
          />
          <label htmlFor={`${id}-replace`}>{t('import.replace')}</label>
        </p>
        {missing ? (
          <p role="alert" className={styles.error}>
            {t('import.noFiles')}
          </p>
        ) : null}
        {sending.error ? (
          <div role="alert" className={styles.error}>
            {problems.length > 0 ? (
              <>
                <p>{t('import.failed')}</p>
                <ul>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{errorMessage(sending.error)}</p>
            )}
          </div>
        ) : null}
        {done ? (
          <p role="status" className={styles.ok}>
            {done}
          </p>
        ) : null}
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={sending.isLoading}>
            {sending.isLoading ? t('import.importing') : t('import.submit')}
          </button>
        </p>
      </form>
    </section>
  );
}
