import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the forgotPassword page; its content arrives with a later issue. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.forgotPassword')} intro={t('frames.forgotPassword')} />;
}

export default ForgotPasswordPage;
