// A labelled row of buttons (period, measure, detail): a fieldset, so screen readers name the group.
import type { ReactNode } from 'react';
import styles from './usage.module.css';

export function ButtonGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLabel}>{label}</legend>
      <div className={styles.buttons}>{children}</div>
    </fieldset>
  );
}
