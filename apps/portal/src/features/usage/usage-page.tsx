import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the usage page; its content arrives with a later issue. */
export function UsagePage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.usage')} intro={t('frames.usage')} />;
}

export default UsagePage;
