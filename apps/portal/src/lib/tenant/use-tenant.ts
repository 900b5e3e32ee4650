import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useAppDispatch } from '../store-hooks.ts';
import { emptyTenantConfig, type TenantConfig } from './tenant-config.ts';
import { loadTenant, selectTenantState } from './tenant-slice.ts';

export interface TenantView extends TenantConfig {
  /** The tenant's name, or a neutral one while it loads or when the server cannot be reached. */
  displayName: string;
}

/** The tenant's public configuration; never undefined, so the layout renders without the server. */
export function useTenant(): TenantView {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, config } = useSelector(selectTenantState);
  useEffect(() => {
    if (status === 'idle') void dispatch(loadTenant());
  }, [status, dispatch]);
  const tenant = config ?? emptyTenantConfig;
  return { ...tenant, displayName: tenant.name ?? t('app.fallbackName') };
}
