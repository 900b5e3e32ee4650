// The "Payment site keys" card of /admin/settings (issue 8): the server credentials with which the
// utility's own web site opens payment pages. Making one shows its secret this once, with a copy
// button and a warning; the list shows each key's name, last four, maker, dates and state; revoking
// asks first. The server checks everything again and audits it.
import './admin-site-keys-texts.ts';
import type { AdminSiteKey } from '@gridfront/contracts/admin-site-keys';
import {
  MAX_ACTIVE_SITE_KEYS,
  SITE_KEY_PREFIX,
  siteKeyMessages,
} from '@gridfront/contracts/admin-site-keys-messages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import styles from './admin.module.css';
import { Loaded, type Outcome, OutcomeNote, Part } from './admin-parts.tsx';
import own from './admin-site-keys.module.css';
import {
  useAdminSiteKeysQuery,
  useCreateSiteKeyMutation,
  useRevokeSiteKeyMutation,
} from './admin-site-keys-api.ts';
import { ADMIN_SITE_KEYS_NAMESPACE } from './admin-site-keys-texts.ts';

function refusalKey(error: unknown): 'tooMany' | 'notFound' | 'nameRequired' | null {
  if (!isFetchBaseQueryError(error)) return null;
  const data = error.data as { message?: unknown } | undefined;
  const message = typeof data?.message === 'string' ? data.message : '';
  if (message === siteKeyMessages.tooMany) return 'tooMany';
  if (message === siteKeyMessages.notFound) return 'notFound';
  if (message === siteKeyMessages.nameRequired) return 'nameRequired';
  return null;
}

export function AdminSiteKeys() {
  const { t } = useTranslation(ADMIN_SITE_KEYS_NAMESPACE);
  const keys = useAdminSiteKeysQuery();
  return (
    <Part title={t('heading')} intro={t('intro')}>
      <Loaded query={keys} texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}>
        {(data) => <SiteKeys keys={data.keys} />}
      </Loaded>
    </Part>
  );
}

export default AdminSiteKeys;

function SiteKeys({ keys }: { keys: AdminSiteKey[] }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <>
      <CreateForm onOutcome={setOutcome} />
      <KeyTable keys={keys} onOutcome={setOutcome} />
      <OutcomeNote outcome={outcome} />
    </>
  );
}

function CreateForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation(ADMIN_SITE_KEYS_NAMESPACE);
  const id = useId();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [create, creating] = useCreateSiteKeyMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 60) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const result = await create({ name: trimmed });
    if ('error' in result) {
      const key = refusalKey(result.error);
      onOutcome({
        ok: false,
        text: key ? t(key, { max: MAX_ACTIVE_SITE_KEYS }) : errorMessage(result.error),
      });
      return;
    }
    setName('');
    setCreated({ name: result.data.key.name, secret: result.data.secret });
  };
  return (
    <>
      <form onSubmit={submit} noValidate>
        <p className={styles.field}>
          <label htmlFor={`${id}-name`}>{t('name')}</label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={name}
            maxLength={60}
            required
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-hint ${id}-invalid` : `${id}-hint`}
            onChange={(event) => setName(event.target.value)}
          />
          <span id={`${id}-hint`} className={own.hint}>
            {t('nameHint')}
          </span>
          {invalid ? (
            <span id={`${id}-invalid`} role="alert" className={styles.error}>
              {t('nameRequired')}
            </span>
          ) : null}
        </p>
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={creating.isLoading}>
            {creating.isLoading ? t('creating') : t('create')}
          </button>
        </p>
      </form>
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
    </>
  );
}

/** The new key's secret, this once: read-only, selected and focused, with a copy button. */
function NewSecret({ created, onDone }: { created: { name: string; secret: string }; onDone: () => void }) {
  const { t } = useTranslation(ADMIN_SITE_KEYS_NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyNote, setCopyNote] = useState<Outcome>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(created.secret);
      setCopyNote({ ok: true, text: t('copied') });
    } catch {
      input.current?.select();
      setCopyNote({ ok: false, text: t('copyFailed') });
    }
  };
  return (
    <div className={own.secretBox} data-testid="site-key-secret">
      <p role="status">{t('created', { name: created.name })}</p>
      <p className={styles.field}>
        <label htmlFor={`${id}-secret`}>{t('secret', { name: created.name })}</label>
        <input
          ref={input}
          id={`${id}-secret`}
          className={`${styles.input} ${own.secret}`}
          value={created.secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-warning`}
        />
      </p>
      <p id={`${id}-warning`} className={own.warning}>
        <strong>{t('secretWarning')}</strong>
      </p>
      <p className={styles.actions}>
        <button type="button" className="gf-button" onClick={() => void copy()}>
          {t('copy')}
        </button>
        <button type="button" className="gf-button gf-button--secondary" onClick={onDone}>
          {t('stored')}
        </button>
      </p>
      <OutcomeNote outcome={copyNote} />
    </div>
  );
}

function KeyTable({ keys, onOutcome }: { keys: AdminSiteKey[]; onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useTranslation(ADMIN_SITE_KEYS_NAMESPACE);
  const [confirming, setConfirming] = useState<AdminSiteKey | null>(null);
  const [revoke, revoking] = useRevokeSiteKeyMutation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? format.format(new Date(iso)) : t('never'));

  const confirm = async () => {
    const key = confirming;
    setConfirming(null);
    if (!key) return;
    const result = await revoke({ keyId: key.keyId });
    if ('error' in result) {
      const refusal = refusalKey(result.error);
      onOutcome({ ok: false, text: refusal ? t(refusal) : errorMessage(result.error) });
    } else {
      onOutcome({ ok: true, text: t('revoked', { name: key.name }) });
    }
  };

  if (keys.length === 0) return <p>{t('empty')}</p>;
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={styles.tableWrap} aria-label={t('list')} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('column.name')}</th>
              <th scope="col">{t('column.ending')}</th>
              <th scope="col">{t('column.createdBy')}</th>
              <th scope="col">{t('column.createdAt')}</th>
              <th scope="col">{t('column.lastUsedAt')}</th>
              <th scope="col">{t('column.state')}</th>
              <th scope="col">{t('column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.keyId}>
                <th scope="row">{key.name}</th>
                <td>
                  <code>
                    {SITE_KEY_PREFIX}…{key.last4}
                  </code>
                </td>
                <td>{key.createdBy ?? t('unknownUser')}</td>
                <td>{when(key.createdAt)}</td>
                <td>{when(key.lastUsedAt)}</td>
                <td>{key.revokedAt ? t('revokedOn', { date: when(key.revokedAt) }) : t('active')}</td>
                <td>
                  {key.revokedAt ? null : (
                    <button
                      type="button"
                      className="gf-button gf-button--secondary"
                      disabled={revoking.isLoading}
                      aria-label={t('revokeLabel', { name: key.name })}
                      onClick={() => setConfirming(key)}
                    >
                      {t('revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ModalDialog
        open={confirming !== null}
        title={t('confirmTitle', { name: confirming?.name ?? '' })}
        onCancel={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="gf-button" onClick={() => void confirm()}>
              {t('confirmRevoke')}
            </button>
            <button
              type="button"
              className="gf-button gf-button--secondary"
              onClick={() => setConfirming(null)}
            >
              {t('cancel')}
            </button>
          </>
        }
      >
        <p>{t('confirmText')}</p>
      </ModalDialog>
    </>
  );
}
