// The "new bill" e-mail in each language: amount due, due date and the link, every value escaped.
import { describe, expect, it } from 'vitest';
import { renderNewBillMail } from '../mail/templates/new-bill-mail.ts';

const brand = {
  name: 'Riverbend <Utilities>',
  theme: 'green' as const,
  phone: '(555) 010-4400',
  email: 'care@example.com',
};
const content = {
  recipientName: 'Jamie <b>Demo</b>',
  accountNumberLast4: '0035',
  periodStart: '2026-04-01',
  periodEnd: '2026-04-30',
  amountDueCents: 12_345,
  dueDate: '2026-05-24',
  accountInfoUrl: 'https://portal.example/accountInfo',
};

describe('the new-bill e-mail', () => {
  it.each([
    ['en', 'your new bill is ready', 'Amount due: $123.45', 'Due date: May 24, 2026'],
    ['es', 'su nueva factura está lista', 'Importe a pagar:', 'Fecha de vencimiento: 24 de mayo de 2026'],
    ['ta', 'புதிய கட்டணப் பட்டியல்', 'செலுத்த வேண்டிய தொகை:', 'கடைசி தேதி:'],
    ['de-DE', 'Ihre neue Rechnung ist da', 'Fälliger Betrag: 123,45', 'Fällig am: 24. Mai 2026'],
  ])(
    'in %s: subject, amount, due date and the link to Account Information',
    (locale, subject, amount, due) => {
      const mail = renderNewBillMail(locale, brand, content);
      expect(mail.subject).toContain(subject);
      expect(mail.text).toContain(amount);
      expect(mail.text).toContain(due);
      expect(mail.text).toContain('https://portal.example/accountInfo');
      expect(mail.html).toContain('href="https://portal.example/accountInfo"');
      expect(mail.html).not.toContain('<b>Demo</b>');
      expect(mail.html).toContain('Riverbend &lt;Utilities&gt;');
    },
  );

  it('falls back to English, and says there is nothing to pay when the account is in credit', () => {
    const mail = renderNewBillMail('fr', brand, { ...content, amountDueCents: -500 });
    expect(mail.text).toContain('Amount due: -$5.00');
    expect(mail.text).toContain('Nothing to pay: your account is in credit.');
    expect(mail.text).not.toContain('Due date');
  });
});
