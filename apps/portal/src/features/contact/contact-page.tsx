import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { HydratedApart } from '../../lib/hydrate-in-parts.tsx';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { ContactChannels } from './contact-channels.tsx';
import { ContactForm } from './contact-form.tsx';
import styles from './contact-page.module.css';

/** Until the utility's zone is known, the browser's own (the server checks with the real one). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Contact Us: the utility's channels ("Get in touch") and the Send Message / Book Appointment form. */
export function ContactPage() {
  const { t } = useTranslation();
  const { timeZone } = useTenant();
  return (
    <PageFrame title={t('pageNames.contactUs')} intro={t('frames.contactUs')}>
      {/* The channels and the form hydrate in tasks of their own (lib/hydrate-in-parts.tsx). */}
      <div className={styles.layout}>
        <HydratedApart>
          <ContactChannels />
        </HydratedApart>
        <HydratedApart>
          <ContactForm timeZone={timeZone ?? browserTimeZone()} />
        </HydratedApart>
      </div>
    </PageFrame>
  );
}

export default ContactPage;
