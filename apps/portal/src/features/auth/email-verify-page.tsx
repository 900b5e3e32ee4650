import { useLocation, useNavigate } from 'react-router';
import { CodeField } from '../../components/code-field.tsx';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { PageFrame } from '../../components/page-frame.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { UsernameField } from '../../components/username-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { startPendingSession, updateSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch, useSession } from '../../lib/store-hooks.ts';
import { useEmailOtpVerifyMutation } from './auth-api.ts';
import { lazyContractResolver, useLazyContractForm } from './lazy-contract-form.ts';
import { usernameFromState } from './navigation-state.ts';
import { ResendCode } from './resend-code.tsx';

// The schemas and zod load once the form is drawn (lazy-contract-form.ts, issue 7).
const emailOtpVerifyResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.emailOtpVerifyRequest),
);

/** Verification of the sign-up code: a session starts, the login flag waits for the profile. */
export function EmailVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const session = useSession();
  const knownUsername = usernameFromState(location.state) ?? session.username ?? '';
  const [verify] = useEmailOtpVerifyMutation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(emailOtpVerifyResolver, { username: knownUsername, code: '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = notifyOutcome(await verify({ username: values.username, code: values.code }));
    if (!answer) return;
    const started = dispatch(startPendingSession(answer));
    if (started.hasProfile) {
      dispatch(updateSession({ isLoggedIn: true }));
      await navigate('/home');
    } else {
      await navigate('/createProfile');
    }
  });

  return (
    <PageFrame title={t('pageNames.emailVerify')} intro={t('frames.emailVerify')}>
      <div className={layout.layout}>
        <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
          {knownUsername ? (
            <p className={layout.hint}>{t('codes.sentTo', { username: knownUsername })}</p>
          ) : null}
          <UsernameField
            label={t('signUp.username')}
            registration={register('username')}
            error={errors.username?.message}
          />
          <CodeField label={t('codes.code')} registration={register('code')} error={errors.code?.message} />
          <FormError />
          <div className={layout.actions}>
            <SubmitButton busy={isSubmitting} label={t('codes.verify')} busyLabel={t('codes.verifying')} />
            <ResendCode
              query={() => {
                const username = getValues('username').trim();
                return username ? { username, purpose: 'signup' } : null;
              }}
            />
          </div>
        </form>
      </div>
    </PageFrame>
  );
}

export default EmailVerifyPage;
