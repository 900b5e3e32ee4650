import type { accountVerifyRequest } from '@gridfront/contracts/oracle';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { HumanCheck } from '../../components/human-check.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { UsernameField } from '../../components/username-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { dataOrNotifyFailure, notifyOutcome } from '../../lib/api/call-outcome.ts';
import { notifyServerText } from '../../lib/api/server-text.ts';
import { useAccountVerifyMutation, useSignupMutation } from './auth-api.ts';
import { lazyContractResolver, useLazyContractForm } from './lazy-contract-form.ts';

type VerifiedAccount = z.output<typeof accountVerifyRequest>;

// Both steps' schemas load at their first check (lazy-contract-form.ts, issue 7).
const accountResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/oracle').then((module) => module.accountVerifyRequest),
);
const signupResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.signupRequest),
);

/** The frame both steps share: a form named by its step's heading. */
function StepForm(props: { title: string; onSubmit: FormEventHandler; children: ReactNode }) {
  return (
    <form
      className={`gf-surface ${layout.form}`}
      onSubmit={props.onSubmit}
      noValidate
      aria-labelledby="signup-step"
    >
      <h2 id="signup-step" className={layout.formTitle}>
        {props.title}
      </h2>
      {props.children}
    </form>
  );
}

/** Step 1, Account Number Verification: the 10-digit account number and the 4-digit PIN. */
function AccountStep({ onVerified }: { onVerified: (account: VerifiedAccount) => void }) {
  const { t } = useTranslation();
  const [accountVerify] = useAccountVerifyMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(accountResolver, { accountNumber: '', pin: '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = dataOrNotifyFailure(await accountVerify(values));
    if (!answer) return;
    if (answer.isLinked) {
      // An account already linked to a user cannot be linked again.
      notifyServerText('error', answer.message);
      return;
    }
    notifyServerText('success', answer.message);
    onVerified(values);
  });

  return (
    <StepForm title={t('signUp.stepAccount')} onSubmit={onSubmit}>
      <p className={layout.hint}>{t('signUp.accountHint')}</p>
      <TextField
        label={t('signUp.accountNumber')}
        registration={register('accountNumber')}
        error={errors.accountNumber?.message}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
      />
      <TextField
        label={t('signUp.pin')}
        type="password"
        registration={register('pin')}
        error={errors.pin?.message}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
      />
      <FormError />
      <div className={layout.actions}>
        <SubmitButton
          busy={isSubmitting}
          label={t('signUp.verifyAccount')}
          busyLabel={t('signUp.verifying')}
        />
      </div>
    </StepForm>
  );
}

/** Step 2: who the user is, the password, and the human check → POST /auth/signup. */
function DetailsStep({ account, onBack }: { account: VerifiedAccount; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [signup] = useSignupMutation();
  const [captchaRound, setCaptchaRound] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useLazyContractForm(signupResolver, {
    ...account,
    username: '',
    fullName: '',
    email: '',
    password: '',
    confirmPassword: '',
    captcha: '',
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await signup(values);
    // A human-check payload is accepted once: the next try needs a new one.
    setCaptchaRound((round) => round + 1);
    const answer = notifyOutcome(result);
    if (!answer) return;
    await navigate('/emailVerify', { state: { username: answer.username } });
  });

  return (
    <StepForm title={t('signUp.stepDetails')} onSubmit={onSubmit}>
      <p className={layout.hint}>{t('signUp.accountVerified', { number: account.accountNumber })}</p>
      <UsernameField
        label={t('signUp.username')}
        registration={register('username')}
        error={errors.username?.message}
      />
      <TextField
        label={t('signUp.fullName')}
        registration={register('fullName')}
        error={errors.fullName?.message}
        autoComplete="name"
      />
      <TextField
        label={t('signUp.email')}
        type="email"
        registration={register('email')}
        error={errors.email?.message}
        autoComplete="email"
      />
      <NewPasswordFields
        label={t('signUp.password')}
        confirmLabel={t('signUp.confirmPassword')}
        registration={register('password')}
        confirmRegistration={register('confirmPassword')}
        error={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <HumanCheck
        resetKey={captchaRound}
        error={errors.captcha?.message}
        onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
      />
      <FormError />
      <div className={layout.actions}>
        <SubmitButton busy={isSubmitting} label={t('signUp.submit')} busyLabel={t('signUp.submitting')} />
        <button type="button" className="gf-button gf-button--secondary" onClick={onBack}>
          {t('signUp.back')}
        </button>
      </div>
    </StepForm>
  );
}

export function SignUpPage() {
  const { t } = useTranslation();
  const [account, setAccount] = useState<VerifiedAccount | null>(null);
  return (
    <PageFrame title={t('pageNames.signUp')} intro={t('frames.signUp')}>
      <div className={layout.layout}>
        <div className={layout.stack}>
          <ol className={layout.steps} aria-label={t('signUp.steps')}>
            <li
              className={account ? layout.step : layout.stepCurrent}
              aria-current={account ? undefined : 'step'}
            >
              {t('signUp.stepAccount')}
            </li>
            <li
              className={account ? layout.stepCurrent : layout.step}
              aria-current={account ? 'step' : undefined}
            >
              {t('signUp.stepDetails')}
            </li>
          </ol>
          {account ? (
            <DetailsStep account={account} onBack={() => setAccount(null)} />
          ) : (
            <AccountStep onVerified={setAccount} />
          )}
        </div>
        <aside className={layout.help} aria-labelledby="signup-help">
          <h2 id="signup-help">{t('signUp.haveAccount')}</h2>
          <p>
            <Link to="/login">{t('signUp.login')}</Link>
          </p>
          <p>
            <Link to="/forgotAccountNo">{t('login.forgotAccountNo')}</Link>
          </p>
        </aside>
      </div>
    </PageFrame>
  );
}

export default SignUpPage;
