// AutoPay's saved card or bank account in the reader's language: the answer gives it as data
// (brand or bank, last four), never as English words.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n/i18n.ts';
import './texts.ts';
import type { AutopayEntry } from '@gridfront/contracts/billing';
import { AutopayStatus } from './autopay-status.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const entry = (source: AutopayEntry['source']): AutopayEntry => ({
  accountId: '00000000-0000-4000-8000-000000000001',
  startDate: '2026-01-01',
  endDate: null,
  expireDate: null,
  entityName: 'Dana Demo',
  autoPayMethod: source.method,
  // The API's English words, which the portal does not show.
  autopaySource: 'English words',
  autopayMaxWithdrawalAmount: null,
  source,
});

const visa = { method: 'card', brand: 'visa', last4: '4242' } as const;
const bank = { method: 'ach', brand: 'bank', last4: '6789' } as const;

describe('AutoPay’s payment method', () => {
  it('is worded in each of the portal’s languages', async () => {
    const expected = {
      en: ['Visa ending 4242', 'Bank account ending 6789'],
      es: ['Visa terminada en 4242', 'Cuenta bancaria terminada en 6789'],
      ta: ['4242 இல் முடியும் Visa', '6789 இல் முடியும் வங்கிக் கணக்கு'],
      de: ['Visa endet auf 4242', 'Bankkonto endet auf 6789'],
    } as const;
    for (const [language, [card, account]] of Object.entries(expected)) {
      await setLanguage(language as keyof typeof expected);
      await i18n.loadNamespaces('billing');
      const { unmount } = render(
        <>
          <AutopayStatus autopay={entry(visa)} />
          <AutopayStatus autopay={entry(bank)} />
        </>,
      );
      expect(await screen.findByText(new RegExp(`· ${card}$`))).toBeTruthy();
      expect(screen.getByText(account)).toBeTruthy();
      expect(screen.queryByText(/English words/)).toBeNull();
      unmount();
    }
  });
});
