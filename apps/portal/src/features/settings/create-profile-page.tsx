import { useNavigate } from 'react-router';
import layout from '../../components/form-layout.module.css';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { updateSession } from '../../lib/session/session-actions.ts';
import { useAppDispatch, useSession } from '../../lib/store-hooks.ts';
import { ProfileForm } from './profile-form.tsx';

/**
 * The last step of sign-up: the e-mail address is verified and the tokens are stored; saving
 * the profile sets the login flag and opens the account.
 */
export function CreateProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const session = useSession();
  return (
    <PageFrame title={t('pageNames.createProfile')} intro={t('frames.createProfile')}>
      <div className={`gf-surface ${layout.stack}`}>
        <ProfileForm
          username={session.username ?? ''}
          submitLabel={t('profile.create')}
          onSaved={async () => {
            dispatch(updateSession({ isLoggedIn: true, hasProfile: true }));
            await navigate('/home');
          }}
        />
      </div>
    </PageFrame>
  );
}

export default CreateProfilePage;
