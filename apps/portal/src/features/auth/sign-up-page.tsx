import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the signUp page; its content arrives with a later issue. */
export function SignUpPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.signUp')} intro={t('frames.signUp')} />;
}

export default SignUpPage;
