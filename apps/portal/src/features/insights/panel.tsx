// One dashboard panel: a titled region, and what it shows while its call runs or after it failed.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { ChartError, ChartSkeleton } from '../usage/chart/usage-chart.tsx';
import styles from './insights.module.css';

export function Panel({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`gf-surface ${styles.panel} ${wide ? styles.wide : ''}`}>
      <h2 id={id}>{title}</h2>
      {intro ? <p className={styles.hint}>{intro}</p> : null}
      {children}
    </section>
  );
}

interface QueryLike<T> {
  data?: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, failed (with its retry) or the content drawn from the data. */
export function QueryState<T>({
  query,
  title,
  children,
}: {
  query: QueryLike<T>;
  title: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <ChartError title={title} onRetry={() => query.refetch()} />;
  if (query.data === undefined) return <ChartSkeleton title={title} />;
  return <>{children(query.data)}</>;
}
