import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the settings page; its content arrives with a later issue. */
export function SettingsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.settings')} intro={t('frames.settings')} />;
}

export default SettingsPage;
