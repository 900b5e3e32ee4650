import { useEffect, useRef, useState } from 'react';
import { onCallFailure } from '../lib/api/call-outcome.ts';
import styles from './form-error.module.css';

/**
 * The server's failure message beside the form that received it, announced, and kept until the
 * form is submitted again: the toast alone disappears after 2 seconds (issue 7, WCAG 2.2.1/3.3.1).
 * Place it inside the <form>; it hears every failure that dataOrNotifyFailure/notifyOutcome toast.
 */
export function FormError() {
  const [message, setMessage] = useState<string | null>(null);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => onCallFailure(setMessage), []);

  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    // A new attempt clears the old message; a new failure then sets it again and is announced.
    const clear = () => setMessage(null);
    form.addEventListener('submit', clear, true);
    return () => form.removeEventListener('submit', clear, true);
  }, []);

  return (
    <div ref={anchor} role="alert">
      {message === null ? null : <p className={styles.message}>{message}</p>}
    </div>
  );
}
