import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the contactUs page; its content arrives with a later issue. */
export function ContactPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.contactUs')} intro={t('frames.contactUs')} />;
}

export default ContactPage;
