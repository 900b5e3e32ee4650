import layout from '../../components/form-layout.module.css';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useForgotUsernameMutation } from './auth-api.ts';
import { EmailRecoveryForm } from './email-recovery-form.tsx';

export function ForgotUsernamePage() {
  const { t } = useTranslation();
  const [forgotUsername] = useForgotUsernameMutation();
  return (
    <PageFrame title={t('pageNames.forgotUsername')} intro={t('frames.forgotUsername')}>
      <div className={layout.layout}>
        <EmailRecoveryForm submitLabel={t('recovery.sendUsername')} send={(body) => forgotUsername(body)} />
      </div>
    </PageFrame>
  );
}

export default ForgotUsernamePage;
