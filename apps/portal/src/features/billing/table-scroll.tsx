import type { ReactNode } from 'react';
import styles from './billing.module.css';

/**
 * A table that scrolls sideways on a narrow screen. The scroller takes keyboard focus and has a
 * name, so that keyboard users can scroll it too (WCAG 2.1.1; axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={styles.tableScroll} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
