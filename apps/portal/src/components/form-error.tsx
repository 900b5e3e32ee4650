import { useEffect, useRef, useState } from 'react';
import { onCallFailure } from '../lib/api/call-outcome.ts';
import styles from './form-error.module.css';

/** The form submitted last: a failure that arrives belongs to it (one page may hold several forms). */
let submittedForm: HTMLFormElement | null = null;

/**
 * The server's failure message beside the form that received it, announced, and kept until the
 * form is submitted again: the toast alone disappears after 2 seconds (issue 7, WCAG 2.2.1/3.3.1).
 * Place it inside the <form>; it hears the failures that dataOrNotifyFailure/notifyOutcome toast
 * (and reportFormFailure), and shows only those of its own form's last submit.
 */
export function FormError() {
  const [message, setMessage] = useState<string | null>(null);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      onCallFailure((text) => {
        const form = anchor.current?.closest('form');
        if (form && form === submittedForm) setMessage(text);
      }),
    [],
  );

  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    // A new attempt clears the old message; a new failure then sets it again and is announced.
    const submitted = () => {
      submittedForm = form;
      setMessage(null);
    };
    form.addEventListener('submit', submitted, true);
    return () => {
      form.removeEventListener('submit', submitted, true);
      if (submittedForm === form) submittedForm = null;
    };
  }, []);

  return (
    <div ref={anchor} role="alert">
      {message === null ? null : <p className={styles.message}>{message}</p>}
    </div>
  );
}
