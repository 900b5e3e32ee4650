import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { lazyContractResolver, useLazyContractForm } from '../auth/lazy-contract-form.ts';
import { useChangePasswordMutation } from './settings-api.ts';

// The schema loads at the form's first check (lazy-contract-form.ts, issue 7).
const changePasswordResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.changePasswordRequest),
);

import styles from './settings-page.module.css';

/** Change Password: current, new and confirmation; the server's message on success (spec point 7). */
export function PasswordSection() {
  const { t } = useTranslation();
  const [changePassword, { isLoading, isSuccess, isError }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useLazyContractForm(changePasswordResolver, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!notifyOutcome(await changePassword(values))) return;
    reset();
  });

  const status = isLoading
    ? t('settings.passwordLoading')
    : isSuccess
      ? t('settings.passwordSucceeded')
      : isError
        ? t('settings.passwordFailed')
        : '';

  return (
    <section className={`gf-surface ${styles.section}`} aria-labelledby="settings-password">
      <h2 id="settings-password" className={layout.formTitle}>
        {t('settings.passwordHeading')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('settings.currentPassword')}
          type="password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
          autoComplete="current-password"
        />
        <NewPasswordFields
          label={t('settings.newPassword')}
          confirmLabel={t('settings.confirmPassword')}
          registration={register('newPassword')}
          confirmRegistration={register('confirmPassword')}
          error={errors.newPassword?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <FormError />
        <div className={layout.actions}>
          <SubmitButton
            busy={isLoading}
            label={t('settings.changePassword')}
            busyLabel={t('settings.saving')}
          />
        </div>
        <p role="status" aria-live="polite">
          {status}
        </p>
      </form>
    </section>
  );
}
