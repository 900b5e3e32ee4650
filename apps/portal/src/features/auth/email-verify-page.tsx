import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the emailVerify page; its content arrives with a later issue. */
export function EmailVerifyPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.emailVerify')} intro={t('frames.emailVerify')} />;
}

export default EmailVerifyPage;
