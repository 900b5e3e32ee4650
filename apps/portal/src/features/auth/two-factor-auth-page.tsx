import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the twoFactorAuth page; its content arrives with a later issue. */
export function TwoFactorAuthPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.twoFactorAuth')} intro={t('frames.twoFactorAuth')} />;
}

export default TwoFactorAuthPage;
