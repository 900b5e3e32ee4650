import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { UsernameField } from '../../components/username-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { updateSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { lazyContractResolver, useLazyContractForm } from '../auth/lazy-contract-form.ts';
import { useChangeUsernameMutation, useGetUsernameQuery } from './settings-api.ts';
import styles from './settings-page.module.css';

// The schema (and zod's work of building it) loads at the form's first check, not while /settings
// first renders (lazy-contract-form.ts, issue 7).
const changeUsernameResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.changeUsernameRequest),
);

/** Current username (GET /settings/getUsername, with its loading/succeeded/failed status) and Change Username. */
export function UsernameSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useGetUsernameQuery();
  const [changeUsername] = useChangeUsernameMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(changeUsernameResolver, { username: '', password: '' });

  const onSubmit = handleSubmit(async (values) => {
    if (!notifyOutcome(await changeUsername(values))) return;
    dispatch(updateSession({ username: values.username }));
    reset();
  });

  return (
    <section className={`gf-surface ${styles.section}`} aria-labelledby="settings-username">
      <h2 id="settings-username" className={layout.formTitle}>
        {t('settings.usernameHeading')}
      </h2>
      <p role="status" aria-live="polite" data-status={current.status}>
        {current.isFetching
          ? t('settings.usernameLoading')
          : current.isError
            ? t('settings.usernameFailed')
            : current.data
              ? t('settings.currentUsername', { username: current.data })
              : ''}
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <UsernameField
          label={t('settings.newUsername')}
          registration={register('username')}
          error={errors.username?.message}
        />
        <TextField
          label={t('settings.password')}
          type="password"
          registration={register('password')}
          error={errors.password?.message}
          autoComplete="current-password"
        />
        <FormError />
        <div className={layout.actions}>
          <SubmitButton
            busy={isSubmitting}
            label={t('settings.changeUsername')}
            busyLabel={t('settings.saving')}
          />
        </div>
      </form>
    </section>
  );
}
