import type { MessageResponse } from '@gridfront/contracts/api';
import type { forgotUsernameRequest } from '@gridfront/contracts/forms';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { HumanCheck } from '../../components/human-check.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { reportFormFailure } from '../../lib/api/call-outcome.ts';
import { failureText, serverText } from '../../lib/api/server-text.ts';
import { notify } from '../../lib/toast/toast.ts';
import { lazyContractResolver, useLazyContractForm } from './lazy-contract-form.ts';

// The schemas and zod load once the form is drawn (lazy-contract-form.ts, issue 7).
const forgotUsernameResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.forgotUsernameRequest),
);

// Forgot username and forgot account number take the same body: e-mail address and human check.
export type EmailRecoveryRequest = z.output<typeof forgotUsernameRequest>;
type Outcome = { data: MessageResponse; error?: undefined } | { data?: undefined; error: unknown };

export interface EmailRecoveryFormProps {
  submitLabel: string;
  send: (body: EmailRecoveryRequest) => Promise<Outcome>;
}

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * E-mail address + human check → the server's generic answer (it never says whether an account
 * exists), shown as a toast and kept on the page with the spec's loading/succeeded/failed status.
 */
export function EmailRecoveryForm({ submitLabel, send }: EmailRecoveryFormProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('idle');
  const [answer, setAnswer] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useLazyContractForm(forgotUsernameResolver, { email: '', captcha: '' });

  const onSubmit = handleSubmit(async (values) => {
    setStatus('loading');
    const result = await send(values);
    setCaptchaRound((round) => round + 1);
    if (!result.data) {
      const text = failureText(result.error);
      setStatus('failed');
      setAnswer(text);
      notify.error(text);
      reportFormFailure(text);
      return;
    }
    const text = serverText(result.data.message);
    setStatus('succeeded');
    setAnswer(text);
    notify.success(text);
  });

  const busy = status === 'loading';
  return (
    <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('recovery.email')}
        type="email"
        registration={register('email')}
        error={errors.email?.message}
        autoComplete="email"
      />
      <HumanCheck
        resetKey={captchaRound}
        error={errors.captcha?.message}
        onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
      />
      <FormError />
      <div className={layout.actions}>
        <SubmitButton busy={busy} label={submitLabel} busyLabel={t('recovery.sending')} />
        <Link to="/login">{t('recovery.backToLogin')}</Link>
      </div>
      <p role="status" aria-live="polite" data-status={status}>
        {status === 'loading' ? t('recovery.sending') : answer}
      </p>
    </form>
  );
}
