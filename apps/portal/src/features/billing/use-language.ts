import { useTranslation } from '../../i18n/use-translation.ts';

/** The active language for Intl formatting. */
export function useLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}
