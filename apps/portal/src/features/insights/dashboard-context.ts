// What every panel of the dashboard shares: the user the analytics token is for, the
// initialisation, the month and the day the reader chose.
import type { InsightsInitialisation } from '@gridfront/contracts/insights';
import { createContext, useContext } from 'react';
import type { InsightsAuthArgs } from './insights-api.ts';

export interface Dashboard {
  auth: InsightsAuthArgs;
  init: InsightsInitialisation;
  month: string;
  day: string;
  chooseDay: (day: string) => void;
}

export const DashboardContext = createContext<Dashboard | null>(null);

export function useDashboard(): Dashboard {
  const dashboard = useContext(DashboardContext);
  if (!dashboard) throw new Error('useDashboard outside the dashboard');
  return dashboard;
}
