import { useEffect, useId } from 'react';
import { currentLanguage, i18n, isLanguage, setLanguage } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useTenant } from '../lib/tenant/use-tenant.ts';

export interface LanguagePickerProps {
  className?: string;
}

/**
 * Native select: keyboard and screen reader support come with the element. It offers the languages
 * the utility offers (issue 14); should the page be in another one (the utility changed its list
 * since the page loaded), it moves to the utility's default without remembering that as a choice.
 */
export function LanguagePicker({ className }: LanguagePickerProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const { languages } = useTenant();
  const current = currentLanguage();
  const fallback = languages[0];
  useEffect(() => {
    if (fallback && !languages.includes(current)) void i18n.changeLanguage(fallback);
  }, [languages, current, fallback]);
  return (
    <div className={className}>
      <label htmlFor={selectId}>{t('preferences.language')}</label>
      <select
        id={selectId}
        value={current}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
