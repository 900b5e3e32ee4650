import { Link, useLocation, useNavigate } from 'react-router';
import { CodeField } from '../../components/code-field.tsx';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { PageFrame } from '../../components/page-frame.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { dataOrNotifyFailure } from '../../lib/api/call-outcome.ts';
import { startSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { notify } from '../../lib/toast/toast.ts';
import { useTfaVerifyMutation } from './auth-api.ts';
import { lazyContractResolver, useLazyContractForm } from './lazy-contract-form.ts';
import { pendingTokenFromState } from './navigation-state.ts';
import { ResendCode } from './resend-code.tsx';

// The schemas and zod load once the form is drawn (lazy-contract-form.ts, issue 7).
const tfaVerifyResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/auth').then((module) => module.tfaVerifyRequest),
);

/** The second factor: the code mailed at login, with the login answer's pending token. */
export function TwoFactorAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const pendingToken = pendingTokenFromState(location.state);
  const [tfaVerify] = useTfaVerifyMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(tfaVerifyResolver, { code: '', pendingToken: pendingToken ?? '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = dataOrNotifyFailure(await tfaVerify(values));
    if (!answer) return;
    const session = dispatch(startSession(answer));
    notify.success(t('login.welcome', { name: session.username ?? '' }));
    await navigate('/home');
  });

  return (
    <PageFrame title={t('pageNames.twoFactorAuth')} intro={t('frames.twoFactorAuth')}>
      <div className={layout.layout}>
        {pendingToken ? (
          <form className={`gf-surface ${layout.form}`} onSubmit={onSubmit} noValidate>
            <CodeField
              label={t('codes.tfaCode')}
              registration={register('code')}
              error={errors.code?.message}
            />
            <FormError />
            <div className={layout.actions}>
              <SubmitButton busy={isSubmitting} label={t('codes.verify')} busyLabel={t('codes.verifying')} />
              <ResendCode query={() => ({ pendingToken, purpose: 'tfa' })} />
            </div>
          </form>
        ) : (
          <div className={`gf-surface ${layout.form}`}>
            <p>{t('serverMessages.pendingExpired')}</p>
            <p>
              <Link to="/login">{t('recovery.backToLogin')}</Link>
            </p>
          </div>
        )}
      </div>
    </PageFrame>
  );
}

export default TwoFactorAuthPage;
