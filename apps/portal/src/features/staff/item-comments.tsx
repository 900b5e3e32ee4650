// Staff comments on an item (never shown to the customer): the list and a form to add one.
import type { StaffItemDetail } from '@gridfront/contracts/staff';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './staff.module.css';
import { useCommentStaffItemMutation } from './staff-api.ts';
import { formatDateTime, useLanguage } from './staff-format.ts';
import { STAFF_NAMESPACE } from './texts.ts';

export function ItemComments({ item }: { item: StaffItemDetail }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const language = useLanguage();
  const id = useId();
  const [comment, { isLoading }] = useCommentStaffItemMutation();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<'required' | 'failed' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setProblem('required');
      return;
    }
    try {
      await comment({ kind: item.kind, id: item.id, body: text }).unwrap();
      setBody('');
      setProblem(null);
    } catch {
      setProblem('failed');
    }
  };

  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('comments.title')}</h2>
      {item.comments.length === 0 ? (
        <p>{t('comments.none')}</p>
      ) : (
        <ol className={styles.list}>
          {item.comments.map((entry) => (
            <li key={entry.id}>
              <span className={styles.message}>{entry.body}</span>
              <span className={styles.meta}>
                {t('comments.by', {
                  author: entry.author ?? t('history.someone'),
                  when: formatDateTime(entry.createdAt, language),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
      <form className={styles.stack} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-body`}>{t('comments.label')}</label>
          <textarea
            id={`${id}-body`}
            value={body}
            maxLength={4000}
            aria-invalid={problem === 'required'}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setBody(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${id}-problem`} role="alert" className={styles.error}>
              {problem === 'required' ? t('comments.required') : t('work.failed')}
            </p>
          ) : null}
        </div>
        <p className={styles.actions}>
          <button type="submit" className="gf-button gf-button--secondary" disabled={isLoading}>
            {t('comments.add')}
          </button>
        </p>
      </form>
    </section>
  );
}
