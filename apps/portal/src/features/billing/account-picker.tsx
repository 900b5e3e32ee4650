// The choice among the user's accounts, on every page that shows one account at a time; only shown
// when there is more than one. Beside it, AfterFirstView for the account's cards below the first view:
// here, in the chunk every account page already loads, it adds no chunk of its own (a new chunk's
// name would be listed in the entry that a visitor's Home downloads).
import type { AccountSummary } from '@gridfront/contracts/billing';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

interface AccountPickerProps {
  label: string;
  accounts: readonly AccountSummary[];
  value: string | undefined;
  onChange: (accountId: string) => void;
  className?: string;
}

export function AccountPicker({ label, accounts, value, onChange, className }: AccountPickerProps) {
  if (accounts.length < 2) return null;
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {accounts.map((candidate) => (
          <option key={candidate.accountId} value={candidate.accountId}>
            {candidate.accountNumber} · {candidate.premises[0]?.serviceAddress ?? candidate.mailingAddress}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Parts of an account page below its first view (history, side-by-side years, uploads) mount once
 * what is above them has been drawn and the main thread is idle, as a transition: the page's answers
 * then arrive as several short tasks on a phone instead of one long one (issue 7: total blocking
 * time). Nothing, or `placeholder`, before.
 */
export function AfterFirstView({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setAfter(true));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(show, 1);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(show, { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return after ? children : placeholder;
}
