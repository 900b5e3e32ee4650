import { useTranslation } from '../../i18n/use-translation.ts';
import { telHref } from '../../lib/tenant/tel-href.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { useTenantDocument } from '../marketing/tenant-document.tsx';
import styles from './contact-page.module.css';

/** Get in touch: the utility's phone, outage line, e-mail, office and hours from its configuration. */
export function ContactChannels() {
  const { t } = useTranslation();
  const { contact, contentLanguage } = useTenant();
  // Address and hours written in /admin Content (issue 14) in the visitor's language come first.
  const ownAddress = useTenantDocument('contactAddress');
  const ownHours = useTenantDocument('contactHours');
  const address = ownAddress.body ?? contact.address;
  const hours = ownHours.body ?? contact.hours;
  const entries = [
    contact.phone
      ? { key: 'phone', label: t('contact.phone'), value: contact.phone, href: telHref(contact.phone) }
      : null,
    contact.outagePhone
      ? {
          key: 'outage',
          label: t('contact.outagePhone'),
          value: contact.outagePhone,
          href: telHref(contact.outagePhone),
        }
      : null,
    contact.email
      ? {
          key: 'email',
          label: t('contact.emailChannel'),
          value: contact.email,
          href: `mailto:${contact.email}`,
        }
      : null,
    address
      ? {
          key: 'address',
          label: t('contact.address'),
          value: address,
          lang: ownAddress.body ? ownAddress.language : contentLanguage,
        }
      : null,
    hours
      ? {
          key: 'hours',
          label: t('contact.hours'),
          value: hours,
          lang: ownHours.body ? ownHours.language : contentLanguage,
        }
      : null,
  ].filter((entry) => entry !== null);

  return (
    <section className={`gf-surface ${styles.channels}`} aria-labelledby="contact-channels-heading">
      <h2 id="contact-channels-heading" className={styles.channelsTitle}>
        {t('contact.channelsHeading')}
      </h2>
      <p className={styles.channelsIntro}>{t('contact.channelsIntro')}</p>
      {entries.length > 0 ? (
        <dl className={styles.channelList}>
          {entries.map((entry) => (
            <div key={entry.key} className={entry.key === 'outage' ? styles.outage : styles.channel}>
              <dt>{entry.label}</dt>
              {/* The utility's own words (address, hours) are in its language, not the portal's. */}
              <dd lang={'lang' in entry ? entry.lang : undefined}>
                {'href' in entry ? <a href={entry.href}>{entry.value}</a> : entry.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('app.loading')}</p>
      )}
    </section>
  );
}
