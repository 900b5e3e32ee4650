// The cards of /settings: username, password, two-factor authentication, profile and notices. Their
// forms (and the validation library with them) load beside the page, not before its first view
// (settings-page.tsx, issue 7).
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
      <TfaSection />
      <ProfileSection />
      <NotificationSection />
    </div>
  );
}
