import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { TextField } from '../../components/text-field.tsx';
import { UsernameField } from '../../components/username-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { dataOrNotifyFailure } from '../../lib/api/call-outcome.ts';
import { notifyServerText } from '../../lib/api/server-text.ts';
import { HydratedApart } from '../../lib/hydrate-in-parts.tsx';
import { startSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { notify } from '../../lib/toast/toast.ts';
import { useLoginMutation } from './auth-api.ts';
import { lazyContractResolver, useLazyContractForm } from './lazy-contract-form.ts';
import styles from './login-page.module.css';

// The schema and zod load once the form is drawn (lazy-contract-form.ts, issue 7).
const loginResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/auth').then((module) => module.loginRequest),
);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(loginResolver, { username: '', password: '' });

  const onSubmit = handleSubmit(async (values) => {
    // A 401 carries the spec's 'Invalid username or password': the server message, translated.
    const answer = dataOrNotifyFailure(await login(values));
    if (!answer) return;
    const session = dispatch(startSession(answer));
    if (answer.emailVerificationRequired) {
      // The server has mailed a fresh sign-up code; the address is verified before any session.
      notifyServerText('info', answer.message);
      await navigate('/emailVerify', { state: { username: answer.user.username } });
      return;
    }
    if (answer.tfaRequired) {
      notifyServerText('info', answer.message);
      await navigate('/twoFactorAuth', {
        state: { pendingToken: answer.pendingToken, username: answer.user.username },
      });
      return;
    }
    notify.success(t('login.welcome', { name: session.username ?? values.username }));
    await navigate('/home');
  });

  return (
    <PageFrame title={t('pageNames.login')} intro={t('login.intro')}>
      <div className={styles.layout}>
        <form className={`gf-surface ${styles.form}`} onSubmit={onSubmit} noValidate>
          <UsernameField
            label={t('login.username')}
            registration={register('username')}
            error={errors.username?.message}
          />
          <TextField
            label={t('login.password')}
            type="password"
            registration={register('password')}
            error={errors.password?.message}
            autoComplete="current-password"
          />
          <FormError />
          <button type="submit" className="gf-button" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        {/* Its links hydrate in a task after the form's (issue 7). */}
        <HydratedApart>
          <aside className={styles.help} aria-labelledby="login-help">
            <h2 id="login-help" className={styles.helpTitle}>
              {t('login.forgotHeading')}
            </h2>
            <ul className={styles.links}>
              <li>
                <Link to="/forgotUsername">{t('login.forgotUsername')}</Link>
              </li>
              <li>
                <Link to="/forgotPassword">{t('login.forgotPassword')}</Link>
              </li>
              <li>
                <Link to="/forgotAccountNo">{t('login.forgotAccountNo')}</Link>
              </li>
            </ul>
            <p>
              {t('login.noAccount')} <Link to="/signup">{t('login.signUp')}</Link>
            </p>
          </aside>
        </HydratedApart>
      </div>
    </PageFrame>
  );
}

export default LoginPage;
