import { forgotOtpRequest, forgotPasswordRequest } from '@gridfront/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import layout from '../../components/form-layout.module.css';
import { HumanCheck } from '../../components/human-check.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { notifyFailure, notifyServerText } from '../../lib/api/server-text.ts';
import { useForgotOtpMutation, useForgotPasswordMutation } from './auth-api.ts';
import { ResendCode } from './resend-code.tsx';

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
  } = useForm<z.input<typeof forgotOtpRequest>, unknown, z.output<typeof forgotOtpRequest>>({
    resolver: zodResolver(forgotOtpRequest),
    defaultValues: { username: '', captcha: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await forgotOtp(values);
    setCaptchaRound((round) => round + 1);
    if (result.error) {
      notifyFailure(result.error);
      return;
    }
    notifyServerText('success', result.data.message);
    onSent(values.username);
  });

  return (
    <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('recovery.username')}
        registration={register('username')}
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <HumanCheck
        resetKey={captchaRound}
        error={errors.captcha?.message}
        onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
      />
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
  } = useForm<z.input<typeof forgotPasswordRequest>, unknown, z.output<typeof forgotPasswordRequest>>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { username, code: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await forgotPassword(values);
    if (result.error) {
      notifyFailure(result.error);
      return;
    }
    notifyServerText('success', result.data.message);
    await navigate('/login');
  });

  return (
    <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
      <p className={layout.hint}>{t('recovery.codeStep')}</p>
      <TextField
        label={t('codes.code')}
        registration={register('code')}
        error={errors.code?.message}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <TextField
        label={t('recovery.newPassword')}
        type="password"
        registration={register('newPassword')}
        error={errors.newPassword?.message}
        autoComplete="new-password"
        hint={t('forms.passwordHint')}
      />
      <TextField
        label={t('recovery.confirmPassword')}
        type="password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
        autoComplete="new-password"
      />
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
