import { LANGUAGES } from '@gridfront/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, setLanguage } from '../i18n/i18n.ts';

export interface LanguagePickerProps {
  className?: string;
}

/** Native select: keyboard and screen reader support come with the element. */
export function LanguagePicker({ className }: LanguagePickerProps) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className={className}>
      <label htmlFor={selectId}>{t('preferences.language')}</label>
      <select
        id={selectId}
        value={currentLanguage()}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
