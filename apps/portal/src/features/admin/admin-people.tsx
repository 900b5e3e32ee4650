// /admin/people (issue 14): the utility's agents and administrators with their state, the invitation
// form, and disabling (or enabling again) a person. A disabled person cannot sign in and their
// sessions end at once; the server refuses disabling oneself or the last enabled administrator, and
// its refusal is shown in the reader's language.
import './admin-knowledge-texts.ts';
import type { AdminPerson } from '@gridfront/contracts/admin-people';
import { adminPeopleMessages } from '@gridfront/contracts/admin-people-messages';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import styles from './admin.module.css';
import { useAdminPeopleQuery, useInviteAdminPersonMutation } from './admin-api.ts';
import { useSetAdminPersonDisabledMutation } from './admin-knowledge-api.ts';
import { ADMIN_KNOWLEDGE_NAMESPACE } from './admin-knowledge-texts.ts';
import own from './admin-people.module.css';
import { ADMIN_NAMESPACE } from './texts.ts';

/** The server's English refusals, keyed to this namespace's texts. */
const REFUSALS: Readonly<
  Record<string, 'people.cannotDisableSelf' | 'people.lastAdmin' | 'people.notFound'>
> = {
  [adminPeopleMessages.cannotDisableSelf]: 'people.cannotDisableSelf',
  [adminPeopleMessages.lastAdmin]: 'people.lastAdmin',
  [adminPeopleMessages.notFound]: 'people.notFound',
};

function serverText(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const { message } = data as { message: unknown };
  return typeof message === 'string' ? message : undefined;
}

export function AdminPeople() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tk } = useTranslation(ADMIN_KNOWLEDGE_NAMESPACE);
  const id = useId();
  const people = useAdminPeopleQuery();
  const [setDisabled, setting] = useSetAdminPersonDisabledMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const toggle = async (person: AdminPerson) => {
    setOutcome(null);
    const disabled = !person.disabled;
    const result = await setDisabled({ userId: person.userId, disabled });
    if ('error' in result) {
      const message = isFetchBaseQueryError(result.error) ? serverText(result.error.data) : undefined;
      const key = message ? REFUSALS[message] : undefined;
      setOutcome({ ok: false, text: key ? tk(key) : errorMessage(result.error) });
    } else {
      setOutcome({
        ok: true,
        text: tk(disabled ? 'people.disabledDone' : 'people.enabledDone', { name: person.fullName }),
      });
    }
  };

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-people`}>
      <h2 id={`${id}-people`}>{t('people.heading')}</h2>
      <p>{t('people.intro')}</p>
      {people.data ? (
        <ul className={own.list}>
          {people.data.people.map((person) => (
            <li key={person.userId} className={own.person}>
              <span className={own.who}>
                {person.fullName} ({person.username}) · {t(`people.${person.role}`)}
              </span>
              <span className={person.disabled ? own.off : own.on}>
                <span className={own.label}>{tk('people.state')}: </span>
                {tk(person.disabled ? 'people.disabled' : 'people.enabled')}
              </span>
              <button
                type="button"
                className="gf-button gf-button--secondary"
                disabled={setting.isLoading}
                aria-label={tk(person.disabled ? 'people.enableLabel' : 'people.disableLabel', {
                  name: person.fullName,
                })}
                onClick={() => void toggle(person)}
              >
                {tk(person.disabled ? 'people.enable' : 'people.disable')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? styles.ok : styles.error}>
          {outcome.text}
        </p>
      ) : null}
      <InviteForm />
    </section>
  );
}

export default AdminPeople;

function InviteForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const [invite, inviting] = useInviteAdminPersonMutation();
  const [form, setForm] = useState({
    username: '',
    fullName: '',
    email: '',
    role: 'agent' as 'agent' | 'admin',
  });
  const [invited, setInvited] = useState<string | null>(null);
  const field = (name: 'username' | 'fullName' | 'email', type = 'text') => (
    <p className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{t(`people.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        className={styles.input}
        type={type}
        required
        value={form[name]}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
      />
    </p>
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvited(null);
    const result = await invite(form);
    if (!('error' in result)) {
      setInvited(form.email);
      setForm({ username: '', fullName: '', email: '', role: 'agent' });
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      {field('username')}
      {field('fullName')}
      {field('email', 'email')}
      <p className={styles.field}>
        <label htmlFor={`${id}-role`}>{t('people.role')}</label>
        <select
          id={`${id}-role`}
          className={styles.input}
          value={form.role}
          onChange={(event) =>
            setForm((current) => ({ ...current, role: event.target.value === 'admin' ? 'admin' : 'agent' }))
          }
        >
          <option value="agent">{t('people.agent')}</option>
          <option value="admin">{t('people.admin')}</option>
        </select>
      </p>
      {inviting.error ? (
        <p role="alert" className={styles.error}>
          {errorMessage(inviting.error)}
        </p>
      ) : null}
      {invited ? (
        <p role="status" className={styles.ok}>
          {t('people.invited', { email: invited })}
        </p>
      ) : null}
      <p className={styles.actions}>
        <button type="submit" className="gf-button" disabled={inviting.isLoading}>
          {t('people.invite')}
        </button>
      </p>
    </form>
  );
}
