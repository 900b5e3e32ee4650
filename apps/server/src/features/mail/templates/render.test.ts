import { LANGUAGES } from '@gridfront/contracts';
import { describe, expect, it } from 'vitest';
import { renderAutopayMail } from './autopay-mail.ts';
import { MAIL_KINDS } from './mail-strings.ts';
import { renderReceipt } from './receipt-mail.ts';
import { MAIL_STRINGS, mailLanguage, renderMail } from './render.ts';

const brand = {
  name: 'River <City> & Co',
  theme: 'blue' as const,
  phone: '(555) 010-0000',
  email: 'help@river.example',
};

describe('account e-mail templates', () => {
  it('exist for every kind in all four languages, each its own translation', () => {
    for (const kind of MAIL_KINDS) {
      const subjects = new Set<string>();
      for (const language of LANGUAGES) {
        const mail = renderMail(kind, language, brand, {
          recipientName: 'Ana',
          code: '123456',
          items: ['1234567890'],
        });
        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.text).toContain(MAIL_STRINGS[language].kinds[kind].intro);
        expect(mail.html).toContain(`lang="${language}"`);
        subjects.add(mail.subject);
      }
      expect(subjects.size).toBe(LANGUAGES.length);
    }
  });

  it('puts the code in both parts and escapes every value in HTML', () => {
    const mail = renderMail('signupCode', 'es', brand, {
      recipientName: '<b>Eve</b>',
      code: '654321',
      codeTtlMinutes: 10,
    });
    expect(mail.text).toContain('654321');
    expect(mail.html).toContain('654321');
    expect(mail.text).toContain('10 minutos');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('River &lt;City&gt; &amp; Co');
    expect(mail.html).toContain('#0d47a1');
  });

  it('falls back to English for unknown locales', () => {
    expect(mailLanguage('fr-FR')).toBe('en');
    expect(mailLanguage('ta-IN')).toBe('ta');
    expect(renderMail('passwordChanged', 'xx', brand, { recipientName: 'A' }).subject).toBe(
      'River <City> & Co: your password was changed',
    );
  });
});

describe('payment mails', () => {
  const brand = {
    name: 'Riverbend <Utilities>',
    theme: 'green' as const,
    phone: '(555) 010-4400',
    email: 'care@example.com',
  };

  it('write the receipt in each language, with every amount, and escape what they insert', () => {
    for (const language of ['en', 'es', 'ta', 'de'] as const) {
      const mail = renderReceipt(language, brand, {
        confirmationNumber: 'GF0123456789AB',
        accountNumberLast4: '0003',
        amountCents: 12_345,
        feeCents: 309,
        paidWith: { method: 'card', brand: 'visa', last4: '4242' },
        paidAt: new Date('2026-11-24T15:00:00Z'),
        timeZone: 'America/Chicago',
      });
      expect(mail.subject).toContain('GF0123456789AB');
      expect(mail.text).toContain('0003');
      expect(mail.text).toMatch(/123[.,]45/);
      expect(mail.text).toMatch(/126[.,]54/);
      expect(mail.html).toContain('Riverbend &lt;Utilities&gt;');
      expect(mail.html).not.toContain('<Utilities>');
    }
  });

  it('word the card or bank account in the payer’s language', () => {
    const receipt = (language: 'en' | 'es' | 'ta' | 'de', method: 'card' | 'ach') =>
      renderReceipt(language, brand, {
        confirmationNumber: 'GF0123456789AB',
        accountNumberLast4: '0003',
        amountCents: 12_345,
        feeCents: 75,
        paidWith:
          method === 'card'
            ? { method: 'card', brand: 'visa', last4: '4242' }
            : { method: 'ach', brand: 'bank', last4: '6789' },
        paidAt: new Date('2026-11-24T15:00:00Z'),
        timeZone: 'America/Chicago',
      });
    const spanish = receipt('es', 'ach');
    expect(spanish.text).toContain('Pagado con: Cuenta bancaria terminada en 6789');
    expect(spanish.html).toContain('Cuenta bancaria terminada en 6789');
    expect(spanish.text).not.toMatch(/ending|Bank account/);
    expect(receipt('es', 'card').text).toContain('Visa terminada en 4242');
    expect(receipt('de', 'card').text).toContain('Visa endet auf 4242');
    expect(receipt('ta', 'ach').text).toContain('6789 இல் முடியும் வங்கிக் கணக்கு');
    expect(receipt('en', 'card').text).toContain('Visa ending 4242');
    const notice = renderAutopayMail('notice', 'es', brand, {
      recipientName: 'Ana',
      accountNumberLast4: '0003',
      amountCents: 18_231,
      maximumCents: null,
      dueDate: '2026-11-24',
      source: { method: 'card', brand: 'card', last4: '0505' },
    });
    expect(notice.text).toContain('Tarjeta terminada en 0505');
  });

  it('say why AutoPay did not pay: over the maximum, or the processor’s reason', () => {
    const content = {
      recipientName: 'Jamie <b>Demo</b>',
      accountNumberLast4: '0003',
      amountCents: 18_231,
      maximumCents: 10_000,
      dueDate: '2026-11-24',
      source: { method: 'card', brand: 'visa', last4: '4242' } as const,
      reason: 'Your card was declined.',
    };
    const over = renderAutopayMail('overMaximum', 'en', brand, content);
    expect(over.text).toContain('$100.00');
    expect(over.text).toContain('$182.31');
    expect(over.text).toContain('November 24, 2026');
    expect(over.html).toContain('Jamie &lt;b&gt;Demo&lt;/b&gt;');
    const failed = renderAutopayMail('failed', 'de', brand, content);
    expect(failed.text).toContain('Your card was declined.');
    expect(renderAutopayMail('notice', 'en', brand, content).text).not.toContain('declined');
  });
});
