import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { brandArtStyle, useBrandImages } from '../../lib/tenant/brand-images.ts';
import { useKnownDocument } from '../../lib/tenant/first-view-documents.ts';
import { telHref } from '../../lib/tenant/tel-href.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import styles from './site-footer.module.css';

/** A page of the portal goes through the router; the utility's own site is an ordinary link. */
function LegalLink({ to, label }: { to: string; label: string }) {
  return to.startsWith('/') && !to.startsWith('//') ? <Link to={to}>{label}</Link> : <a href={to}>{label}</a>;
}

/**
 * The hours in the visitor's language, as GET /api/tenant/content/contactHours answers (the
 * utility's own text, else its configured hours' translation): known at once in a server-rendered
 * view (the shell carries the answer inline, lib/tenant/first-view-documents.ts), else read once the
 * page is drawn, through the documents' module loaded on demand, so Home's first download does not grow.
 */
function useHoursInLanguage(): { body?: string; language?: string } {
  const { lang, known } = useKnownDocument('contactHours');
  const [state, setState] = useState<{ lang: string; body?: string; language?: string }>();
  const isKnown = known !== undefined;
  useEffect(() => {
    if (isKnown) return;
    let live = true;
    void import('../../features/marketing/tenant-document.tsx')
      .then((module) => module.loadTenantDocument('contactHours', lang))
      .then(
        (loaded) => {
          if (live) setState({ lang, body: loaded.body, language: loaded.language });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [lang, isKnown]);
  return known ?? (state?.lang === lang ? state : {});
}

/** Contact channels and legal links of the tenant, and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const images = useBrandImages();
  const { contact, legal, contentLanguage } = tenant;
  // The hours in the visitor's language: the utility's own text (/admin Content) or its built-in
  // hours' translation, as GET /api/tenant/content/contactHours answers; else the configured hours.
  const ownHours = useHoursInLanguage();
  const hours = ownHours.body ?? contact.hours;
  const hasLegal = Boolean(legal.privacyUrl || legal.termsUrl);
  const hasContact = Boolean(
    contact.phone || contact.outagePhone || contact.email || contact.address || hours,
  );
  return (
    <footer className={`gf-themed-footer ${styles.footer}`} style={brandArtStyle('footer', images.footer)}>
      {hasContact || hasLegal ? (
        <div className={styles.inner}>
          {hasContact ? (
            <section className={styles.column} aria-labelledby="footer-contact">
              <h2 id="footer-contact" className={styles.heading}>
                {t('footer.contactHeading')}
              </h2>
              <dl className={styles.contact}>
                {contact.phone ? (
                  <div>
                    <dt>{t('footer.phone')}</dt>
                    <dd>
                      <a href={telHref(contact.phone)}>{contact.phone}</a>
                    </dd>
                  </div>
                ) : null}
                {contact.outagePhone ? (
                  <div>
                    <dt>{t('footer.outagePhone')}</dt>
                    <dd>
                      <a href={telHref(contact.outagePhone)}>{contact.outagePhone}</a>
                    </dd>
                  </div>
                ) : null}
                {contact.email ? (
                  <div>
                    <dt>{t('footer.email')}</dt>
                    <dd>
                      <a href={`mailto:${contact.email}`}>{contact.email}</a>
                    </dd>
                  </div>
                ) : null}
                {contact.address ? (
                  <div>
                    <dt>{t('footer.address')}</dt>
                    <dd lang={contentLanguage}>{contact.address}</dd>
                  </div>
                ) : null}
                {hours ? (
                  <div>
                    <dt>{t('footer.hours')}</dt>
                    <dd lang={ownHours.body ? ownHours.language : contentLanguage}>{hours}</dd>
                  </div>
                ) : null}
              </dl>
            </section>
          ) : null}
          {hasLegal ? (
            <section className={styles.column} aria-labelledby="footer-legal">
              <h2 id="footer-legal" className={styles.heading}>
                {t('footer.legalHeading')}
              </h2>
              <ul className={styles.links}>
                {legal.privacyUrl ? (
                  <li>
                    <LegalLink to={legal.privacyUrl} label={t('footer.privacy')} />
                  </li>
                ) : null}
                {legal.termsUrl ? (
                  <li>
                    <LegalLink to={legal.termsUrl} label={t('footer.terms')} />
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
      <p className={styles.copyright}>
        {t('footer.copyright', { year: new Date().getFullYear(), name: tenant.displayName })}
      </p>
    </footer>
  );
}
