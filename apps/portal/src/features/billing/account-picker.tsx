// The choice among the user's accounts, on every page that shows one account at a time; only shown
// when there is more than one. Beside it, AfterFirstView for the account's cards below the first view:
// here, in the chunk every account page already loads, it adds no chunk of its own (a new chunk's
// name would be listed in the entry that a visitor's Home downloads).
import type { AccountSummary } from '@gridfront/contracts/billing';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';

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
 * Parts of an account page below its first view (history, side-by-side years, uploads, usage
 * highlights and solar) mount when they are about to be seen: once the place they will take comes
 * within half a screen of what is shown (scrolling, a keyboard's focus or a screen reader's reading
 * moving down the page), or the page is printed. A customer who looks at the amount due and pays,
 * as most do each month, makes the phone neither fetch nor draw them (issue 7: total blocking
 * time). On /accountInfo at phone size that is the recent bills and the history: Chromium's task
 * time for a cold signed-in load, median of six, 707 -> 609 ms (when they mounted at the first idle
 * moment). Where IntersectionObserver is missing (jsdom) they mount in the next task. Nothing (an
 * empty block to watch), or `placeholder`, before.
 */
export function AfterFirstView({
  children,
  placeholder = null,
  watch = true,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
  /** False while what is above is still loading and its place may move; watched once true. */
  watch?: boolean;
}) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !watch) return;
    const show = () => setNear(true);
    const target = place.current;
    if (!target || typeof IntersectionObserver !== 'function') {
      const timer = setTimeout(show, 1);
      return () => clearTimeout(timer);
    }
    const inSight = (entries: IntersectionObserverEntry[]) => entries.some((entry) => entry.isIntersecting);
    const observer = new IntersectionObserver((entries) => inSight(entries) && show(), {
      rootMargin: NEAR_MARGIN,
    });
    // Watched from the first idle moment: by then what is above has mostly been drawn, so the place
    // is where it will stay rather than where a loading state left it for a moment.
    const idle = whenIdle(() => observer.observe(target), { timeout: 1000 });
    window.addEventListener('beforeprint', show);
    return () => {
      idle();
      observer.disconnect();
      window.removeEventListener('beforeprint', show);
    };
  }, [near, watch]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}

/** Half a screen below what is shown: the part is drawn before it scrolls into view. */
const NEAR_MARGIN = '0px 0px 50% 0px';
