import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the createProfile page; its content arrives with a later issue. */
export function CreateProfilePage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.createProfile')} intro={t('frames.createProfile')} />;
}

export default CreateProfilePage;
