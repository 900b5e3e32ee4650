// The administration route group (/admin/*, issue 14): one lazily loaded chunk for the tenant's
// administrators. Agents, customers and guests get the 403 page (the server refuses them too).
import './texts.ts';
import type { AdminBrandResponse } from '@gridfront/contracts/admin-brand';
import {
  BRAND_COLOR_TOKENS,
  brandContrastFailures,
  type ContrastFailure,
} from '@gridfront/contracts/admin-contrast';
import { THEME_IDS, type ThemeId } from '@gridfront/contracts/constants';
import { type CSSProperties, type FormEvent, Suspense, useId, useMemo, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { AccessGate } from '../../components/access-gate.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { THEMES } from '../../themes/registry.ts';
import styles from './admin.module.css';
import { useAdminAuditQuery, useAdminBrandQuery, useSaveAdminBrandMutation } from './admin-api.ts';
import { ADMIN_NAMESPACE } from './texts.ts';

// Sections of their own files, loaded when first opened.
const AdminPeople = lazyPart(() => import('./admin-people.tsx'));
const AdminSettings = lazyPart(() => import('./admin-settings.tsx'));
const AdminKnowledge = lazyPart(() => import('./admin-knowledge.tsx'));
const AdminContent = lazyPart(() => import('./admin-content.tsx'));
const AdminImages = lazyPart(() => import('./admin-images.tsx'));
const AdminLanguages = lazyPart(() => import('./admin-languages.tsx'));
const AdminSiteKeys = lazyPart(() => import('./admin-site-keys.tsx'));

export function AdminPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <AccessGate<AdminBrandResponse>
      useQuery={useAdminBrandQuery}
      forbidden={(guest) => <Forbidden guest={guest} />}
      texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}
      statusClassName={styles.status}
    >
      {(stored) => <AdminSections stored={stored} />}
    </AccessGate>
  );
}

export default AdminPage;

/** The sections of /admin, in menu order; /admin itself shows the brand. */
const SECTIONS = ['brand', 'content', 'settings', 'knowledge', 'languages', 'people', 'audit'] as const;

function AdminMenu() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { pathname } = useLocation();
  const current = pathname.replace(/^\/admin\/?/, '').split('/')[0] || 'brand';
  return (
    <nav className={styles.menu} aria-label={t('menu.label')}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section}>
            <Link to={`/admin/${section}`} aria-current={section === current ? 'page' : undefined}>
              {t(`menu.${section}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AdminSections({ stored }: { stored: AdminBrandResponse }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  // Not keyed on updatedAt: the form already holds what it saved, and keeps its "saved" note.
  const brand = (
    <>
      <BrandForm stored={stored} />
      <AdminImages />
    </>
  );
  return (
    <PageFrame title={t('title.admin')} intro={t('intro')}>
      <AdminMenu />
      <Suspense fallback={<p role="status">{t('loading')}</p>}>
        <Routes>
          <Route index element={brand} />
          <Route path="brand" element={brand} />
          <Route path="content" element={<AdminContent />} />
          <Route
            path="settings"
            element={
              <>
                <AdminSettings />
                <AdminSiteKeys />
              </>
            }
          />
          <Route path="people" element={<AdminPeople />} />
          <Route path="knowledge" element={<AdminKnowledge />} />
          <Route path="languages" element={<AdminLanguages />} />
          <Route path="audit" element={<AuditLog />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Suspense>
    </PageFrame>
  );
}

export function Forbidden({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <PageFrame title={t('title.forbidden')}>
      <div className={`gf-surface ${styles.card}`} data-status="403">
        <p>{t('forbidden.text')}</p>
        <p className={styles.actions}>
          {guest ? (
            <Link className="gf-button" to="/login">
              {t('forbidden.signIn')}
            </Link>
          ) : null}
          <Link className="gf-button gf-button--secondary" to="/">
            {t('forbidden.home')}
          </Link>
        </p>
      </div>
    </PageFrame>
  );
}

/** The theme's colours for every token an administrator sets, with the stored overrides on top. */
function startingColors(theme: ThemeId, stored: Readonly<Record<string, string>>): Record<string, string> {
  const colors = THEMES[theme].colors as Readonly<Record<string, string>>;
  return Object.fromEntries(
    BRAND_COLOR_TOKENS.map((token) => [token, (stored[token] ?? colors[token] ?? '#000000').toLowerCase()]),
  );
}

function BrandForm({ stored }: { stored: AdminBrandResponse }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tMain } = useTranslation();
  const id = useId();
  const [name, setName] = useState(stored.name);
  const [theme, setTheme] = useState<ThemeId>(stored.theme);
  const [colors, setColors] = useState(() => startingColors(stored.theme, stored.colors));
  const [save, saving] = useSaveAdminBrandMutation();
  const [saved, setSaved] = useState(false);
  const failures = useMemo(() => brandContrastFailures(colors), [colors]);
  const serverFailure =
    saving.error && isFetchBaseQueryError(saving.error) && saving.error.status === 422
      ? errorMessage(saving.error)
      : saving.error
        ? errorMessage(saving.error)
        : null;

  const chooseTheme = (next: ThemeId) => {
    setTheme(next);
    setColors(startingColors(next, {}));
    setSaved(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (failures.length > 0) return;
    const result = await save({ name, theme, colors });
    if (!('error' in result)) setSaved(true);
  };
  const preview = Object.fromEntries(Object.entries(colors)) as CSSProperties;

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-brand`}>
      <h2 id={`${id}-brand`}>{t('brand.heading')}</h2>
      <form onSubmit={submit} noValidate>
        <p className={styles.field}>
          <label htmlFor={`${id}-name`}>{t('brand.name')}</label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={name}
            required
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
          />
        </p>
        <p className={styles.field}>
          <label htmlFor={`${id}-theme`}>{t('brand.theme')}</label>
          <select
            id={`${id}-theme`}
            className={styles.input}
            value={theme}
            onChange={(event) => chooseTheme(event.target.value as ThemeId)}
          >
            {THEME_IDS.map((themeId) => (
              <option key={themeId} value={themeId}>
                {tMain(`themes.${themeId}`)}
              </option>
            ))}
          </select>
        </p>
        <fieldset className={styles.colors}>
          <legend>{t('brand.colors')}</legend>
          {BRAND_COLOR_TOKENS.map((token) => (
            <p key={token} className={styles.color}>
              <input
                id={`${id}${token}`}
                type="color"
                value={colors[token]}
                onChange={(event) => {
                  setColors((current) => ({ ...current, [token]: event.target.value }));
                  setSaved(false);
                }}
              />
              <label htmlFor={`${id}${token}`}>
                <code>{token}</code>
              </label>
            </p>
          ))}
        </fieldset>
        <section className={styles.preview} style={preview} aria-labelledby={`${id}-preview`}>
          <p id={`${id}-preview`} className={styles.previewHeader}>
            {t('brand.preview')}: {name}
          </p>
          <p className={styles.previewPage}>
            {t('brand.previewText')} <span className={styles.previewLink}>{t('brand.preview')}</span>
          </p>
          <p className={styles.previewPage}>
            <span className={styles.previewButton}>{t('brand.previewButton')}</span>
          </p>
        </section>
        <Contrast failures={failures} />
        {serverFailure ? (
          <p role="alert" className={styles.error}>
            {serverFailure}
          </p>
        ) : null}
        {saved ? (
          <p role="status" className={styles.ok}>
            {t('brand.saved')}
          </p>
        ) : null}
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={saving.isLoading}>
            {saving.isLoading ? t('brand.saving') : t('brand.save')}
          </button>
        </p>
      </form>
    </section>
  );
}

function Contrast({ failures }: { failures: readonly ContrastFailure[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (failures.length === 0) return <p className={styles.ok}>{t('brand.contrastOk')}</p>;
  return (
    <div role="alert" className={styles.error} data-testid="contrast-failures">
      <p>{t('brand.contrastFailing')}</p>
      <ul>
        {failures.map((failure) => (
          <li key={`${failure.foreground}|${failure.background}`}>
            {t('brand.pair', {
              foreground: failure.foreground,
              background: failure.background,
              ratio: failure.ratio.toFixed(2),
              required: failure.required,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function AuditLog() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const [draft, setDraft] = useState('');
  const [action, setAction] = useState('');
  const audit = useAdminAuditQuery(action ? { action } : {});
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-audit`}>
      <h2 id={`${id}-audit`}>{t('audit.heading')}</h2>
      <form
        className={styles.filter}
        onSubmit={(event) => {
          event.preventDefault();
          setAction(draft.trim());
        }}
      >
        <label htmlFor={`${id}-action`}>{t('audit.filter')}</label>
        <input
          id={`${id}-action`}
          className={styles.input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="gf-button gf-button--secondary">
          {t('audit.apply')}
        </button>
      </form>
      {audit.isLoading ? <p role="status">{t('loading')}</p> : null}
      {audit.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {audit.data && audit.data.entries.length === 0 ? <p>{t('audit.empty')}</p> : null}
      {audit.data && audit.data.entries.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className={styles.tableWrap} aria-label={t('audit.heading')} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.user')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{format.format(new Date(entry.createdAt))}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.username ?? entry.userId ?? t('audit.system')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}
