import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { NotificationSection } from './notification-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import styles from './settings-page.module.css';
import { TfaSection } from './tfa-section.tsx';
import { UsernameSection } from './username-section.tsx';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pageNames.settings')} intro={t('frames.settings')}>
      <div className={styles.grid}>
        <UsernameSection />
        <PasswordSection />
        <TfaSection />
        <ProfileSection />
        <NotificationSection />
      </div>
    </PageFrame>
  );
}

export default SettingsPage;
