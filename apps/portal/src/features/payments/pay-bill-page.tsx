import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';

/** Frame of the payBill page; its content arrives with a later issue. */
export function PayBillPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pageNames.payBill')} intro={t('frames.payBill')} />;
}

export default PayBillPage;
