// A generated account's metered usage of one month, read from the stored reads: what the bill run
// prices, so that bills agree with the usage and comparisons built from the same rows.
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { meters, monthlyReads, services } from '../../db/schema/index.ts';
import { daysBetweenInclusive } from '../../domain/calendar/local-day.ts';
import type { MeteredMonth, SegmentTariff } from '../../seed/month-segments.ts';
import { readIntervalDays } from '../meter-reads/meter-reads.ts';

/** A meter's interval days from `from` to `to`, inclusive, in date order. */
export function intervalDaysBetween(db: Database | Transaction, meterId: string, from: string, to: string) {
  return readIntervalDays(db, meterId, from, to);
}

/** The month's metered usage from the stored reads; null while a read is still missing. */
export async function meteredMonth(
  tx: Transaction,
  account: { id: string },
  tariffById: Map<string, SegmentTariff>,
  period: MeteredMonth['period'],
): Promise<MeteredMonth | null> {
  const rows = await tx
    .select({
      serviceId: services.id,
      utilityType: services.utilityType,
      tariffId: services.tariffId,
      meterId: meters.id,
    })
    .from(services)
    .leftJoin(meters, eq(meters.serviceId, services.id))
    .where(and(eq(services.accountId, account.id), eq(services.status, 'active')))
    .orderBy(asc(services.utilityType));
  const month: MeteredMonth = { period };
  const byUtility = new Map(rows.map((row) => [row.utilityType, row]));
  const tariffOf = (tariffId: string | null) => (tariffId ? tariffById.get(tariffId) : undefined);
  const electric = byUtility.get('electricity');
  if (electric) {
    const tariff = tariffOf(electric.tariffId);
    if (!tariff || !electric.meterId) return null;
    const days = await intervalDaysBetween(tx, electric.meterId, period.periodStart, period.periodEnd);
    if (days.length < daysBetweenInclusive(period.periodStart, period.periodEnd)) return null;
    month.electric = { serviceId: electric.serviceId, tariff, days };
  }
  const monthlyConsumption = async (meterId: string | null) => {
    if (!meterId) return null;
    const [read] = await tx
      .select({ consumption: monthlyReads.consumption })
      .from(monthlyReads)
      .where(and(eq(monthlyReads.meterId, meterId), eq(monthlyReads.readDate, period.periodEnd)))
      .limit(1);
    return read ? Number(read.consumption) : null;
  };
  const gas = byUtility.get('gas');
  if (gas) {
    const tariff = tariffOf(gas.tariffId);
    const therms = await monthlyConsumption(gas.meterId);
    if (!tariff || therms === null) return null;
    month.gas = { serviceId: gas.serviceId, tariff, therms };
  }
  const water = byUtility.get('water');
  if (water) {
    const tariff = tariffOf(water.tariffId);
    const gallons = await monthlyConsumption(water.meterId);
    if (!tariff || gallons === null) return null;
    month.water = { serviceId: water.serviceId, tariff, gallons };
    const sewer = byUtility.get('sewer');
    const sewerTariff = sewer && tariffOf(sewer.tariffId);
    if (sewer && sewerTariff) month.sewer = { serviceId: sewer.serviceId, tariff: sewerTariff };
  }
  return month;
}
