// Where a signed-in customer goes next: View my Account, Start / Stop Service, Usage and Settings.
// Needs no call, so it shows even when everything else failed.

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './my-account.module.css';

export function AccountLinks() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('myAccount');
  const links = [
    { to: '/accountInfo', label: t('home.viewAccount') },
    { to: '/todo', label: t('home.startStopService') },
    { to: '/usage', label: t('nav.usage') },
    { to: '/settings', label: t('nav.settings') },
  ];
  return (
    <nav className={styles.links} aria-labelledby="my-account-links">
      <h2 id="my-account-links" className="visually-hidden">
        {tm('links.heading')}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link className="gf-button gf-button--secondary" to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
