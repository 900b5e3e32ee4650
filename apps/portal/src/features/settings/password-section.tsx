import { changePasswordRequest } from '@gridfront/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import layout from '../../components/form-layout.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { notifyFailure, notifyServerText } from '../../lib/api/server-text.ts';
import { type ChangePasswordRequest, useChangePasswordMutation } from './settings-api.ts';
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
  } = useForm<z.input<typeof changePasswordRequest>, unknown, ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await changePassword(values);
    if (result.error) {
      notifyFailure(result.error);
      return;
    }
    notifyServerText('success', result.data.message);
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
        <TextField
          label={t('settings.newPassword')}
          type="password"
          registration={register('newPassword')}
          error={errors.newPassword?.message}
          autoComplete="new-password"
          hint={t('forms.passwordHint')}
        />
        <TextField
          label={t('settings.confirmPassword')}
          type="password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
        />
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
