import type { ReactNode } from 'react';
import { HydratedApart } from '../lib/hydrate-in-parts.tsx';
import styles from './page-frame.module.css';
import { useDocumentTitle } from './use-document-title.ts';

export interface PageFrameProps {
  /** The page's one h1, also used for the document title. */
  title: string;
  /** A short line on what the page offers. */
  intro?: string;
  children?: ReactNode;
}

/**
 * The common frame of a page: its heading, an introduction and the content below. On the server's
 * first view the content hydrates in a task after the page's own (its hooks: a form, its calls) and
 * the heading (issue 7: a form page was one task of 15-20 ms of CPU on this machine).
 */
export function PageFrame({ title, intro, children }: PageFrameProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.frame}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </header>
      {children ? <HydratedApart>{children}</HydratedApart> : null}
    </div>
  );
}
