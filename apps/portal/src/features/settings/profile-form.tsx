import type { ProfileDetailsResponse } from '@gridfront/contracts';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { FormError } from '../../components/form-error.tsx';
import layout from '../../components/form-layout.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { lazyContractResolver, useLazyContractForm } from '../auth/lazy-contract-form.ts';
import { formatPhone } from './phone-format.ts';
import { type CreateProfileRequest, useCreateProfileMutation } from './settings-api.ts';

type Profile = NonNullable<ProfileDetailsResponse['profile']>;

export interface ProfileFormProps {
  username: string;
  /** The saved profile, to update; null or undefined to create one. */
  profile?: Profile | null;
  submitLabel: string;
  /** The form's layout class (a padded card by default). */
  className?: string;
  /** Further buttons beside the submit button (Remove profile on Settings). */
  extraActions?: ReactNode;
  onSaved: (values: CreateProfileRequest) => void | Promise<void>;
}

// The schema loads at the form's first check (lazy-contract-form.ts, issue 7).
const createProfileResolver = lazyContractResolver(() =>
  import('@gridfront/contracts/forms').then((module) => module.createProfileRequest),
);

const empty = {
  mailingAddress: '',
  city: '',
  serviceAddress: '',
  state: '',
  zip: '',
  phoneNo: '',
  secondaryPhnNo: '',
};

/** The spec's profile fields → POST /auth/createProfile (create or update). */
export function ProfileForm({
  username,
  profile,
  submitLabel,
  className,
  extraActions,
  onSaved,
}: ProfileFormProps) {
  const { t } = useTranslation();
  const [createProfile] = useCreateProfileMutation();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useLazyContractForm(createProfileResolver, { ...empty, ...profile, username, isProfileRemoved: false });

  // The saved profile arrives after the form mounts on Settings.
  useEffect(() => {
    reset({ ...empty, ...profile, username, isProfileRemoved: false });
  }, [profile, username, reset]);

  const phoneOnBlur = (name: 'phoneNo' | 'secondaryPhnNo') => ({
    onBlur: () => setValue(name, formatPhone(getValues(name) ?? '')),
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!notifyOutcome(await createProfile(values))) return;
    await onSaved(values);
  });

  return (
    <form className={className ?? layout.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('profile.mailingAddress')}
        registration={register('mailingAddress')}
        error={errors.mailingAddress?.message}
        autoComplete="street-address"
      />
      <TextField
        label={t('profile.serviceAddress')}
        registration={register('serviceAddress')}
        error={errors.serviceAddress?.message}
        autoComplete="off"
      />
      <div className={layout.row}>
        <TextField
          label={t('profile.city')}
          registration={register('city')}
          error={errors.city?.message}
          autoComplete="address-level2"
        />
        <TextField
          label={t('profile.state')}
          registration={register('state')}
          error={errors.state?.message}
          autoComplete="address-level1"
        />
        <TextField
          label={t('profile.zip')}
          registration={register('zip')}
          error={errors.zip?.message}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
        />
      </div>
      <div className={layout.row}>
        <TextField
          label={t('profile.phoneNo')}
          type="tel"
          registration={register('phoneNo', phoneOnBlur('phoneNo'))}
          error={errors.phoneNo?.message}
          autoComplete="tel"
          hint={t('profile.phoneHint')}
        />
        <TextField
          label={t('profile.secondaryPhnNo')}
          type="tel"
          registration={register('secondaryPhnNo', phoneOnBlur('secondaryPhnNo'))}
          error={errors.secondaryPhnNo?.message}
          autoComplete="tel"
          hint={t('profile.phoneHint')}
        />
      </div>
      <FormError />
      <div className={layout.actions}>
        <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={t('profile.saving')} />
        {extraActions}
      </div>
    </form>
  );
}
