// The choice among the user's accounts, on every page that shows one account at a time; only shown
// when there is more than one.
import type { AccountSummary } from '@gridfront/contracts/billing';

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
