import { useId } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { setSearchValue } from '../../lib/search/search-slice.ts';
import styles from './header-search.module.css';
import { ASSIST_NAMESPACE } from './texts.ts';

/** The header's question box: submitting sets the search value, which opens AI Assist with it. */
export function HeaderSearch() {
  const { t } = useTranslation(ASSIST_NAMESPACE);
  const dispatch = useAppDispatch();
  const id = useId();
  return (
    <search>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
          const value = field.value.trim();
          if (value) dispatch(setSearchValue(value));
          field.value = '';
        }}
      >
        <label className={styles.label} htmlFor={id}>
          {t('label')}
        </label>
        <input id={id} name="q" type="search" maxLength={1000} placeholder={t('placeholder')} />
        <button type="submit">{t('ask')}</button>
      </form>
    </search>
  );
}
