import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modal-dialog.module.css';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  /** The dialog's message; read out with the title when it opens. */
  children: ReactNode;
  /** The dialog's buttons. */
  actions: ReactNode;
  /** Escape: the parent decides what declining means. */
  onCancel: () => void;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape fires `cancel`, and the title and message label and describe it. Its first
 * action takes the focus when it opens, and only then: an `autoFocus` on an action would take the
 * focus from the page whenever the closed dialog is drawn (React focuses it on mount, and the
 * session dialog is drawn after the page).
 */
export function ModalDialog({ open, title, children, actions, onCancel }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // environments without the modal API (jsdom)
      // showModal() moves the focus in already; without it, the first action takes it here.
      if (!dialog.contains(document.activeElement))
        actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Closing is the parent's decision; the open prop then closes the element.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={bodyId} className={styles.body}>
        {children}
      </div>
      <div ref={actionsRef} className={styles.actions}>
        {actions}
      </div>
    </dialog>
  );
}
