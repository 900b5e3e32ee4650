import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the forgotUsername page; its content arrives with a later issue. */
export function ForgotUsernamePage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.forgotUsername')} intro={t('frames.forgotUsername')} />;
}

export default ForgotUsernamePage;
