import { type LoginRequest, loginRequest } from '@gridfront/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { TextField } from '../../components/text-field.tsx';
import { notifyFailure, notifyServerText } from '../../lib/api/server-text.ts';
import { startSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { notify } from '../../lib/toast/toast.ts';
import { useLoginMutation } from './auth-api.ts';
import styles from './login-page.module.css';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
    if (result.error) {
      // A 401 carries the spec's 'Invalid username or password': the server message, translated.
      notifyFailure(result.error);
      return;
    }
    const session = dispatch(startSession(result.data));
    if (result.data.emailVerificationRequired) {
      // The server has mailed a fresh sign-up code; the address is verified before any session.
      notifyServerText('info', result.data.message);
      await navigate('/emailVerify', { state: { username: result.data.user.username } });
      return;
    }
    if (result.data.tfaRequired) {
      notifyServerText('info', result.data.message);
      await navigate('/twoFactorAuth', {
        state: { pendingToken: result.data.pendingToken, username: result.data.user.username },
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
          <TextField
            label={t('login.username')}
            registration={register('username')}
            error={errors.username?.message}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            label={t('login.password')}
            type="password"
            registration={register('password')}
            error={errors.password?.message}
            autoComplete="current-password"
          />
          <button type="submit" className="gf-button" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
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
      </div>
    </PageFrame>
  );
}

export default LoginPage;
