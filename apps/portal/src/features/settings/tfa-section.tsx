import { useTranslation } from 'react-i18next';
import layout from '../../components/form-layout.module.css';
import { SwitchField } from '../../components/switch-field.tsx';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { updateSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { useTfaEnabledQuery, useUpdateTfaEnableMutation } from './settings-api.ts';
import styles from './settings-page.module.css';

/**
 * Enable Two-factor authentication: POST /settings/updateTfaEnable, then the flag is refetched
 * (POST /settings/tfaEnable) and the switch shows what the server says.
 */
export function TfaSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const enabled = useTfaEnabledQuery();
  const [updateTfa, update] = useUpdateTfaEnableMutation();

  const onToggle = async () => {
    const answer = notifyOutcome(await updateTfa());
    if (!answer) return;
    dispatch(updateSession({ tfaEnabled: answer.tfaEnabled }));
  };

  return (
    <section className={`gf-surface ${styles.section}`} aria-labelledby="settings-tfa">
      <h2 id="settings-tfa" className={layout.formTitle}>
        {t('settings.tfaHeading')}
      </h2>
      {enabled.isError ? (
        <p role="alert">{t('settings.tfaFailed')}</p>
      ) : (
        <SwitchField
          label={t('settings.tfaLabel')}
          description={t('settings.tfaDescription')}
          checked={enabled.data === true}
          disabled={enabled.data === undefined || enabled.isFetching || update.isLoading}
          onChange={() => void onToggle()}
        />
      )}
    </section>
  );
}
