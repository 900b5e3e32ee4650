import layout from '../../components/form-layout.module.css';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { updateSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch, useSession } from '../../lib/store-hooks.ts';
import { ProfileForm } from './profile-form.tsx';
import { ProfileImage } from './profile-image.tsx';
import { useCreateProfileMutation, useProfileDetailsQuery } from './settings-api.ts';
import styles from './settings-page.module.css';

/** Create or Update Profile on Settings: the saved profile (POST /auth/profileDetails), its update and removal. */
export function ProfileSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const session = useSession();
  const details = useProfileDetailsQuery();
  const [createProfile, removal] = useCreateProfileMutation();
  const profile = details.data?.profile ?? null;

  const onRemove = async () => {
    if (!notifyOutcome(await createProfile({ isProfileRemoved: true }))) return;
    dispatch(updateSession({ hasProfile: false }));
  };

  return (
    <section className={`gf-surface ${styles.section} ${styles.wide}`} aria-labelledby="settings-profile">
      <h2 id="settings-profile" className={layout.formTitle}>
        {t('profile.heading')}
      </h2>
      {details.isLoading ? <p role="status">{t('app.loading')}</p> : null}
      {details.isError ? <p role="alert">{t('profile.loadFailed')}</p> : null}
      {details.data ? (
        <>
          <p className={layout.hint}>
            {details.data.fullName} · {details.data.email}
          </p>
          {profile ? null : <p>{t('profile.none')}</p>}
          <ProfileForm
            username={details.data.username || session.username || ''}
            profile={profile}
            submitLabel={profile ? t('profile.update') : t('profile.create')}
            className={styles.form}
            onSaved={() => {
              dispatch(updateSession({ hasProfile: true }));
            }}
            extraActions={
              profile ? (
                <button
                  type="button"
                  className="gf-button gf-button--secondary"
                  onClick={() => void onRemove()}
                  disabled={removal.isLoading}
                  aria-busy={removal.isLoading}
                >
                  {t('profile.remove')}
                </button>
              ) : null
            }
          />
          <ProfileImage hasProfile={profile !== null} hasImage={details.data.hasImage} />
        </>
      ) : null}
    </section>
  );
}
