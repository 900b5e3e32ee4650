import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CodeField } from '../../components/code-field.tsx';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { HumanCheck } from '../../components/human-check.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { UsernameField } from '../../components/username-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { useForgotOtpMutation, useForgotPasswordMutation } from './auth-api.ts';
import { lazyContractResolver, useLazyContractForm } from './lazy-contract-form.ts';
import { ResendCode } from './resend-code.tsx';

// The schemas and zod load once the form is drawn (lazy-contract-form.ts, issue 7).
const forgotOtpResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.forgotOtpRequest),
);
const forgotPasswordResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.forgotPasswordRequest),
);

/** Step 1: the username and the human check → POST /auth/forgotOTP mails a code. */
function RequestCodeStep({ onSent }: { onSent: (username: string) => void }) {
  const { t } = useTranslation();
  const [forgotOtp] = useForgotOtpMutation();
  const [captchaRound, setCaptchaRound] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useLazyContractForm(forgotOtpResolver, { username: '', captcha: '' });

  const onSubmit = handleSubmit(async (values) => {
    const result = await forgotOtp(values);
    setCaptchaRound((round) => round + 1);
    if (!notifyOutcome(result)) return;
    onSent(values.username);
  });

  return (
    <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
      <UsernameField
        label={t('recovery.username')}
        registration={register('username')}
        error={errors.username?.message}
      />
      <HumanCheck
        resetKey={captchaRound}
        error={errors.captcha?.message}
        onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
      />
      <FormError />
      <div className={layout.actions}>
        <SubmitButton busy={isSubmitting} label={t('recovery.sendCode')} busyLabel={t('recovery.sending')} />
        <Link to="/login">{t('recovery.backToLogin')}</Link>
      </div>
    </form>
  );
}

/** Step 2: the mailed code and the new password twice → POST /auth/forgotPassword. */
function NewPasswordStep({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [forgotPassword] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(forgotPasswordResolver, {
    username,
    code: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!notifyOutcome(await forgotPassword(values))) return;
    await navigate('/login');
  });

  return (
    <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
      <p className={layout.hint}>{t('recovery.codeStep')}</p>
      <CodeField label={t('codes.code')} registration={register('code')} error={errors.code?.message} />
      <NewPasswordFields
        label={t('recovery.newPassword')}
        confirmLabel={t('recovery.confirmPassword')}
        registration={register('newPassword')}
        confirmRegistration={register('confirmPassword')}
        error={errors.newPassword?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <FormError />
      <div className={layout.actions}>
        <SubmitButton
          busy={isSubmitting}
          label={t('recovery.resetPassword')}
          busyLabel={t('recovery.saving')}
        />
        <ResendCode query={() => ({ username, purpose: 'forgot_password' })} />
      </div>
    </form>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState<string | null>(null);
  return (
    <PageFrame title={t('pageNames.forgotPassword')} intro={t('frames.forgotPassword')}>
      <div className={layout.layout}>
        {username ? <NewPasswordStep username={username} /> : <RequestCodeStep onSent={setUsername} />}
      </div>
    </PageFrame>
  );
}

export default ForgotPasswordPage;
