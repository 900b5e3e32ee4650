import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useTenant } from '../lib/tenant/use-tenant.ts';

/** Names the browser tab after the page and the tenant (WCAG 2.4.2). */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const { displayName } = useTenant();
  useEffect(() => {
    document.title = t('app.documentTitle', { page, name: displayName });
  }, [t, page, displayName]);
}
