// The household questionnaire (getProfileAttributes / saveProfileAttributes): a few answers that
// refine the breakdown. Saving invalidates the breakdown, insights and recommendations, so they are
// asked again with the new answers.
import type { ProfileAttributes } from '@gridfront/contracts/insights';
import {
  HEATING_FUELS,
  HOME_TYPES,
  PROFILE_LIMITS,
  WATER_HEATING_FUELS,
} from '@gridfront/contracts/insights-basics';
import { type FormEvent, useId, useState } from 'react';
import { PlainField } from '../../../components/plain-field.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { errorMessage } from '../../../lib/api/error-message.ts';
import { useDashboard } from '../dashboard-context.ts';
import styles from '../insights.module.css';
import { useProfileAttributesQuery, useSaveProfileAttributesMutation } from '../insights-api.ts';
import { Panel, QueryState } from '../panel.tsx';
import { INSIGHTS_NAMESPACE } from '../texts.ts';

export function QuestionnairePanel() {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const { auth } = useDashboard();
  const query = useProfileAttributesQuery(auth);
  const title = t('questionnaire.title');
  // Kept here: saving refetches the profile, which draws the form afresh (keyed by savedAt).
  const [saved, setSaved] = useState(false);
  return (
    <Panel title={title} intro={t('questionnaire.intro')} wide>
      <QueryState query={query} title={title}>
        {(data) => (
          <QuestionnaireForm
            key={data.savedAt ?? 'never'}
            profile={data.profile}
            saved={saved}
            onSaved={setSaved}
          />
        )}
      </QueryState>
    </Panel>
  );
}

type Draft = Record<keyof ProfileAttributes, string>;

function toDraft(profile: ProfileAttributes): Draft {
  const text = (value: string | number | boolean | null) => (value === null ? '' : String(value));
  return {
    householdSize: text(profile.householdSize),
    homeType: text(profile.homeType),
    floorAreaSqFt: text(profile.floorAreaSqFt),
    heatingFuel: text(profile.heatingFuel),
    waterHeatingFuel: text(profile.waterHeatingFuel),
    hasEv: text(profile.hasEv),
    hasSolar: text(profile.hasSolar),
    hasPool: text(profile.hasPool),
  };
}

/** The draft as answers, or the fields out of bounds. */
export function readDraft(
  draft: Draft,
): { profile: ProfileAttributes } | { errors: Partial<Record<'householdSize' | 'floorAreaSqFt', true>> } {
  const errors: Partial<Record<'householdSize' | 'floorAreaSqFt', true>> = {};
  const whole = (field: 'householdSize' | 'floorAreaSqFt') => {
    const raw = draft[field].trim();
    if (raw === '') return null;
    const value = Number(raw);
    const { min, max } = PROFILE_LIMITS[field];
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      errors[field] = true;
      return null;
    }
    return value;
  };
  const flag = (raw: string) => (raw === '' ? null : raw === 'true');
  const pick = <T extends string>(raw: string, options: readonly T[]) =>
    options.includes(raw as T) ? (raw as T) : null;
  const profile: ProfileAttributes = {
    householdSize: whole('householdSize'),
    homeType: pick(draft.homeType, HOME_TYPES),
    floorAreaSqFt: whole('floorAreaSqFt'),
    heatingFuel: pick(draft.heatingFuel, HEATING_FUELS),
    waterHeatingFuel: pick(draft.waterHeatingFuel, WATER_HEATING_FUELS),
    hasEv: flag(draft.hasEv),
    hasSolar: flag(draft.hasSolar),
    hasPool: flag(draft.hasPool),
  };
  return Object.keys(errors).length ? { errors } : { profile };
}

function QuestionnaireForm({
  profile,
  saved,
  onSaved: setSaved,
}: {
  profile: ProfileAttributes;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const { t } = useTranslation(INSIGHTS_NAMESPACE);
  const { auth } = useDashboard();
  const [draft, setDraft] = useState(() => toDraft(profile));
  const [errors, setErrors] = useState<Partial<Record<'householdSize' | 'floorAreaSqFt', true>>>({});
  const [save, saving] = useSaveProfileAttributesMutation();
  const headingId = useId();
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSaved(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readDraft(draft);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    const result = await save({ ...auth, profile: read.profile });
    if (!('error' in result)) setSaved(true);
  };
  const choice = (field: keyof Draft, options: readonly string[], prefix: string) => (
    <SelectField
      label={t(`questionnaire.fields.${field}` as 'questionnaire.fields.homeType')}
      value={draft[field]}
      onChange={set(field)}
      options={[
        { value: '', label: t('questionnaire.notSaying') },
        ...options.map((value) => ({ value, label: t(`${prefix}.${value}` as 'homeTypes.detached') })),
      ]}
    />
  );
  const yesNo = ['true', 'false'];
  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 id={headingId} className="visually-hidden">
        {t('questionnaire.title')}
      </h3>
      <div className={styles.fields}>
        <PlainField
          label={t('questionnaire.fields.householdSize')}
          inputMode="numeric"
          value={draft.householdSize}
          onChange={set('householdSize')}
          error={errors.householdSize ? t('questionnaire.householdSizeError') : undefined}
        />
        {choice('homeType', HOME_TYPES, 'homeTypes')}
        <PlainField
          label={t('questionnaire.fields.floorAreaSqFt')}
          inputMode="numeric"
          value={draft.floorAreaSqFt}
          onChange={set('floorAreaSqFt')}
          error={errors.floorAreaSqFt ? t('questionnaire.floorAreaError') : undefined}
        />
        {choice('heatingFuel', HEATING_FUELS, 'heatingFuels')}
        {choice('waterHeatingFuel', WATER_HEATING_FUELS, 'waterHeatingFuels')}
        {choice('hasEv', yesNo, 'yesNo')}
        {choice('hasSolar', yesNo, 'yesNo')}
        {choice('hasPool', yesNo, 'yesNo')}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="gf-button" disabled={saving.isLoading}>
          {saving.isLoading ? t('questionnaire.saving') : t('questionnaire.save')}
        </button>
        <p role="status" className={styles.status}>
          {saved ? t('questionnaire.saved') : ''}
        </p>
      </div>
      {saving.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(saving.error)}
        </p>
      ) : null}
    </form>
  );
}

function SelectField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
