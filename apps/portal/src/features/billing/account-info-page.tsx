import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the accountInfo page; its content arrives with a later issue. */
export function AccountInfoPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.accountInfo')} intro={t('frames.accountInfo')} />;
}

export default AccountInfoPage;
