import { useEffect } from 'react';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { lazyContractResolver, useLazyContractForm } from '../auth/lazy-contract-form.ts';
import styles from './settings-page.module.css';

// The schema loads at the form's first check (lazy-contract-form.ts, issue 7).
const tfaDisableResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/settings').then((module) => module.tfaDisableForm),
);

export interface TfaDisableFormProps {
  busy: boolean;
  /** Resolves true once the server has turned two-factor off. */
  onDisable: (password: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * Turning two-factor off asks for the current password, as the server does: a signed-in browser
 * alone (a stolen token, a shared computer) must not remove the second factor.
 */
export function TfaDisableForm({ busy, onDisable, onCancel }: TfaDisableFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useLazyContractForm(tfaDisableResolver, { password: '' });

  // The form opens because the switch was turned: the password is what the user types next.
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(async ({ password }) => {
    await onDisable(password);
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('settings.tfaDisableHeading')}>
      <p>{t('settings.tfaDisableIntro')}</p>
      <TextField
        label={t('settings.currentPassword')}
        type="password"
        registration={register('password')}
        error={errors.password?.message}
        autoComplete="current-password"
      />
      <FormError />
      <div className={layout.actions}>
        <SubmitButton busy={busy} label={t('settings.tfaDisable')} busyLabel={t('settings.saving')} />
        <button type="button" className="gf-button gf-button--secondary" onClick={onCancel} disabled={busy}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
