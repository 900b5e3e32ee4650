import type { ReactNode } from 'react';
import styles from './page-frame.module.css';
import { useDocumentTitle } from './use-document-title.ts';

export interface PageFrameProps {
  /** The page's one h1, also used for the document title. */
  title: string;
  /** A short line on what the page offers. */
  intro?: string;
  children?: ReactNode;
}

/** The common frame of a page: its heading, an introduction and the content below. */
export function PageFrame({ title, intro, children }: PageFrameProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.frame}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </header>
      {children}
    </div>
  );
}
