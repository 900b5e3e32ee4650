// Settings › E-mail notifications: one switch per notice type (bill ready, reminders, past due,
// AutoPay, service requests) for the signed-in user's address. Each change is saved at once and
// announced; the switch shows what the server answered.
import type { NoticeType } from '@gridfront/contracts';
import { NOTICE_TYPES } from '@gridfront/contracts/notice-types';
import { useState } from 'react';
import layout from '../../components/form-layout.module.css';
import { SwitchField } from '../../components/switch-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} from './notification-api.ts';
import { NOTIFICATIONS_NAMESPACE } from './notification-texts.ts';
import styles from './settings-page.module.css';

export function NotificationSection() {
  const { t } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const preferences = useNotificationPreferencesQuery();
  const [update, updating] = useUpdateNotificationPreferencesMutation();
  const [status, setStatus] = useState('');

  const onChange = async (type: NoticeType, enabled: boolean) => {
    setStatus('');
    const result = await update({ preferences: { [type]: enabled } });
    setStatus(
      'error' in result
        ? t('saveFailed')
        : t('saved', { type: t(`types.${type}.label`), state: t(enabled ? 'on' : 'off') }),
    );
  };

  const data = preferences.data;
  return (
    <section
      className={`gf-surface ${styles.section} ${styles.wide}`}
      aria-labelledby="settings-notifications"
    >
      <h2 id="settings-notifications" className={layout.formTitle}>
        {t('heading')}
      </h2>
      {preferences.isError ? (
        <>
          <p role="alert">{t('loadFailed')}</p>
          <p>
            <button type="button" className="gf-button" onClick={() => preferences.refetch()}>
              {t('retry')}
            </button>
          </p>
        </>
      ) : data ? (
        <>
          <p className={styles.hint}>{t('intro', { email: data.email })}</p>
          {NOTICE_TYPES.map((type) => (
            <SwitchField
              key={type}
              label={t(`types.${type}.label`)}
              description={t(`types.${type}.description`)}
              checked={data.preferences[type] ?? true}
              disabled={updating.isLoading}
              onChange={(checked) => void onChange(type, checked)}
            />
          ))}
        </>
      ) : (
        <p>{t('loading')}</p>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
