import { useTranslation } from 'react-i18next';
import { useGetTenantQuery } from './tenant-api.ts';
import { emptyTenantConfig, type TenantConfig } from './tenant-config.ts';

export interface TenantView extends TenantConfig {
  /** The tenant's name, or a neutral one while it loads or when the server cannot be reached. */
  displayName: string;
}

/** The tenant's public configuration; never undefined, so the layout renders without the server. */
export function useTenant(): TenantView {
  const { t } = useTranslation();
  const { data } = useGetTenantQuery();
  const tenant = data ?? emptyTenantConfig;
  return { ...tenant, displayName: tenant.name ?? t('app.fallbackName') };
}
