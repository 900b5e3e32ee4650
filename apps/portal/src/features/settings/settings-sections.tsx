// The cards of /settings: username, password, two-factor authentication, profile and notices. Their
// forms (and the validation library with them) load beside the page, not before its first view
// (settings-page.tsx, issue 7).
import { HydratedApart } from '../../lib/hydrate-in-parts.tsx';
import { NotificationSection } from './notification-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import styles from './settings-page.module.css';
import { TfaSection } from './tfa-section.tsx';
import { UsernameSection } from './username-section.tsx';

/** The cards; over the server's first view each hydrates in a task of its own (issue 7). */
export function SettingsSections() {
  return (
    <div className={styles.grid}>
      <HydratedApart>
        <UsernameSection />
      </HydratedApart>
      <HydratedApart>
        <PasswordSection />
      </HydratedApart>
      <HydratedApart>
        <TfaSection />
      </HydratedApart>
      <HydratedApart>
        <ProfileSection />
      </HydratedApart>
      <HydratedApart>
        <NotificationSection />
      </HydratedApart>
    </div>
  );
}
