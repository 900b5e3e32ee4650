// The cards of /settings: username, password, two-factor authentication, profile and notices. Their
// forms (and the validation library with them) load beside the page, not before its first view
// (settings-page.tsx, issue 7).
import { AfterFirstView } from '../billing/after-first-view.tsx';
import { NotificationSection } from './notification-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import styles from './settings-page.module.css';
import { TfaSection } from './tfa-section.tsx';
import { UsernameSection } from './username-section.tsx';

export function SettingsSections() {
  return (
    <div className={styles.grid}>
      <UsernameSection />
      <PasswordSection />
      {/* Below the first view on a phone: drawn after the cards above, so that the page's first
          render is not one long task (issue 7: total blocking time). */}
      <AfterFirstView>
        <TfaSection />
        <ProfileSection />
        <NotificationSection />
      </AfterFirstView>
    </div>
  );
}
