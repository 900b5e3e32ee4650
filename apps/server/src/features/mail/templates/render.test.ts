import { LANGUAGES } from '@gridfront/contracts';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS } from './mail-strings.ts';
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
