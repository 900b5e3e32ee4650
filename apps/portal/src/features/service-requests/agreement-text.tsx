import { currentLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import styles from './service-requests.module.css';
import { useToDoAgreementQuery } from './service-requests-api.ts';
import { SERVICE_REQUESTS_NAMESPACE } from './texts.ts';

/**
 * The utility's Electronic Payment Agreement, in the reader's language when the utility wrote it
 * in that language (else in its own, marked with its lang). A scrollable region that keyboard users
 * can reach and scroll.
 */
export function AgreementText() {
  const { t } = useTranslation(SERVICE_REQUESTS_NAMESPACE);
  const tenant = useTenant();
  const agreement = useToDoAgreementQuery(currentLanguage());
  const text = agreement.data?.text ?? tenant.legal.electronicPaymentAgreement ?? '';
  const lang = agreement.data?.lang ?? tenant.contentLanguage;
  const [title, ...paragraphs] = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className={styles.agreement} tabIndex={0} aria-label={t('agreementText')} lang={lang}>
      {agreement.isLoading && !text ? <p>{t('agreementLoading')}</p> : null}
      {title ? <h4>{title}</h4> : null}
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}
