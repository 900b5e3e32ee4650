import { useState } from 'react';
import layout from '../../components/form-layout.module.css';
import { SwitchField } from '../../components/switch-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { updateSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch } from '../../lib/store-hooks.ts';
import { type UpdateTfaRequest, useTfaEnabledQuery, useUpdateTfaEnableMutation } from './settings-api.ts';
import styles from './settings-page.module.css';
import { TfaDisableForm } from './tfa-disable-form.tsx';

/**
 * Enable Two-factor authentication: POST /settings/updateTfaEnable, then the flag is refetched
 * (POST /settings/tfaEnable) and the switch shows what the server says. Turning it on takes one
 * click; turning it off opens a form for the current password first.
 */
export function TfaSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const enabled = useTfaEnabledQuery();
  const [updateTfa, update] = useUpdateTfaEnableMutation();
  const [askingPassword, setAskingPassword] = useState(false);

  // The wanted state travels with the call, so a retry or a stale switch cannot flip it the other way.
  const apply = async (request: UpdateTfaRequest): Promise<boolean> => {
    const answer = notifyOutcome(await updateTfa(request));
    if (!answer) return false;
    dispatch(updateSession({ tfaEnabled: answer.tfaEnabled }));
    return true;
  };

  const onToggle = (checked: boolean) => {
    if (checked) void apply({ enable: true });
    else setAskingPassword(true);
  };

  const onDisable = async (password: string): Promise<boolean> => {
    const done = await apply({ enable: false, password });
    if (done) setAskingPassword(false);
    return done;
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
          disabled={enabled.data === undefined || enabled.isFetching || update.isLoading || askingPassword}
          onChange={onToggle}
        />
      )}
      {askingPassword && enabled.data === true ? (
        <TfaDisableForm
          busy={update.isLoading}
          onDisable={onDisable}
          onCancel={() => setAskingPassword(false)}
        />
      ) : null}
    </section>
  );
}
