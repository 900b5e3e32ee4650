import layout from '../../components/form-layout.module.css';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useForgotAccountNumberMutation } from './auth-api.ts';
import { EmailRecoveryForm } from './email-recovery-form.tsx';

export function ForgotAccountNoPage() {
  const { t } = useTranslation();
  const [forgotAccountNumber] = useForgotAccountNumberMutation();
  return (
    <PageFrame title={t('pageNames.forgotAccountNo')} intro={t('frames.forgotAccountNo')}>
      <div className={layout.layout}>
        <EmailRecoveryForm
          submitLabel={t('recovery.sendAccountNo')}
          send={(body) => forgotAccountNumber(body)}
        />
      </div>
    </PageFrame>
  );
}

export default ForgotAccountNoPage;
