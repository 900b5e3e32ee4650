// What the administration sections share: a section's first read (loading, failure with a retry,
// then the section drawn from its data), a card with its heading, and the note after a save.
import { type ReactNode, useId } from 'react';
import styles from './admin.module.css';

/** What a save said: "Saved" (a status) or the refusal (an alert); null before any save. */
export type Outcome = { ok: boolean; text: string } | null;

export function OutcomeNote({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? styles.ok : styles.error}>
      {outcome.text}
    </p>
  );
}

/** One card of a section, named by its heading. */
export function Part({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`gf-surface ${styles.card}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      {children}
    </section>
  );
}

export interface LoadTexts {
  loading: string;
  loadFailed: string;
  retry: string;
}

/** A section's read: its children once the data is there, else "loading" or the failure and a retry. */
export function Loaded<T>({
  query,
  texts,
  children,
}: {
  query: { data?: T | undefined; isLoading: boolean; refetch: () => unknown };
  texts: LoadTexts;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isLoading) return <p role="status">{texts.loading}</p>;
  return (
    <div role="alert" className={styles.status}>
      <p>{texts.loadFailed}</p>
      <button type="button" className="gf-button gf-button--secondary" onClick={() => void query.refetch()}>
        {texts.retry}
      </button>
    </div>
  );
}
