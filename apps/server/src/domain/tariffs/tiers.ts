// Tier arithmetic shared by energy, export and demand charges.
import type { UrdbTier } from './urdb.ts';

/** Records write "no limit" as a missing max or as 1e38 / 9.99e37. */
const UNBOUNDED = 1e37;

export function tierRate(tier: UrdbTier | undefined): number {
  return (tier?.rate ?? 0) + (tier?.adj ?? 0);
}

/** Lower-case energy unit of a tier; a missing unit means kWh over the billing period. */
export function tierUnit(tier: UrdbTier | undefined): string {
  return (tier?.unit ?? 'kWh').trim().toLowerCase();
}

/**
 * Splits `amount` over tiers: [{tier, quantity}] for the non-empty tiers. `limitScale` turns a
 * tier's max into the period's units (days × kW for "kWh/kW daily" and so on). The last tier is
 * open whatever its max says, as in SAM and REopt.
 */
export function splitIntoTiers(
  amount: number,
  tiers: readonly UrdbTier[],
  limitScale: (tier: UrdbTier) => number = () => 1,
): Array<{ tier: number; quantity: number }> {
  const parts: Array<{ tier: number; quantity: number }> = [];
  let lower = 0;
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t] ?? {};
    const isLast = t === tiers.length - 1;
    const upper =
      tier.max === undefined || isLast || tier.max >= UNBOUNDED
        ? Number.POSITIVE_INFINITY
        : tier.max * limitScale(tier);
    if (upper < lower) {
      throw new RangeError(
        `Tier ${t + 1} ends at ${upper} kWh, below the ${lower} kWh where tier ${t} ends: mixed tier units are not supported`,
      );
    }
    const quantity = Math.max(0, Math.min(amount, upper) - lower);
    if (quantity > 0) parts.push({ tier: t, quantity });
    if (amount <= upper) break;
    lower = upper;
  }
  return parts;
}

/** ", first 650 kWh" / ", next 350 kWh" / ", over 1000 kWh" for multi-tier structures. */
export function tierLabel(tiers: readonly UrdbTier[], t: number, unit: string): string {
  if (tiers.length < 2) return '';
  const previous = tiers[t - 1]?.max;
  const current = tiers[t]?.max;
  const unitLabel = tiers[t]?.unit ?? unit;
  if (t === 0 && current !== undefined) return `, first ${current} ${unitLabel}`;
  if (t === tiers.length - 1 || current === undefined || current >= UNBOUNDED) {
    return `, over ${previous ?? 0} ${unitLabel}`;
  }
  return `, next ${current - (previous ?? 0)} ${unitLabel}`;
}
