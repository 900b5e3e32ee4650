// Quick Stats: one tile per utility of the latest bill, in the theme's stats colours for it. The
// same answer as the amount due (RTK Query asks once), but its own panel: each retries alone.
import { useTranslation } from '../../i18n/use-translation.ts';
import { useGetBillDetailsQuery } from '../billing/billing-api.ts';
import { QuickStatTiles } from '../billing/quick-stats.tsx';
import { Panel } from './panel.tsx';

export function QuickStatsPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation('billing');
  const details = useGetBillDetailsQuery({ accountId });
  const stats = details.data?.quickStats ?? [];
  return (
    <Panel
      headingId="my-account-stats"
      title={t('quickStats.heading')}
      wide
      status={{ isLoading: details.isLoading, isError: details.isError, retry: () => details.refetch() }}
    >
      {stats.length > 0 ? <QuickStatTiles stats={stats} /> : <p>{t('bill.noBill')}</p>}
    </Panel>
  );
}
