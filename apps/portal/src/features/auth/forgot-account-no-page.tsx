import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the forgotAccountNo page; its content arrives with a later issue. */
export function ForgotAccountNoPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.forgotAccountNo')} intro={t('frames.forgotAccountNo')} />;
}

export default ForgotAccountNoPage;
