import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the net2grid page; its content arrives with a later issue. */
export function Net2gridPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.net2grid')} intro={t('frames.net2grid')} />;
}

export default Net2gridPage;
