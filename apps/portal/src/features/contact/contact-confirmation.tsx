import type { ContactUsResponse } from '@gridfront/contracts/contact';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './contact-page.module.css';
import { contactServerText } from './contact-text.ts';

export interface SentContact extends ContactUsResponse {
  email: string;
  timeZone: string;
}

function formatAppointment(iso: string, language: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(language, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/**
 * The inline confirmation after a send: the server's message, the reference number to quote and,
 * for an appointment, the requested time. The live region is always present so that its content
 * is announced when it appears.
 */
export function ContactConfirmation({ sent }: { sent: SentContact | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={sent ? styles.confirmation : undefined}>
      {sent ? (
        <>
          <p className={styles.confirmationTitle}>{contactServerText(sent.message)}</p>
          <p>
            {t('contact.reference')} <strong data-testid="contact-reference">{sent.referenceNumber}</strong>
          </p>
          {sent.appointmentAt ? (
            <p>
              {t('contact.requestedAppointment', {
                when: formatAppointment(sent.appointmentAt, i18n.resolvedLanguage ?? 'en', sent.timeZone),
              })}
            </p>
          ) : null}
          <p>{t('contact.confirmationSent', { email: sent.email })}</p>
        </>
      ) : null}
    </div>
  );
}
