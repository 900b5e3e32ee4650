// Exact money arithmetic: amounts are integer cents; prices are decimal dollars as tariffs publish them.

/** Scale of exact prices: nano-dollars, enough for URDB rates with up to 9 decimals (0.22787999). */
const NANO_PER_DOLLAR = 1_000_000_000n;
const MILLI = 1000n;

/**
 * Converts a decimal number to an integer count of 10^-scale units (0.0481085 at scale 9 → 48108500),
 * rounding half away from zero. It works on the number's 15-significant-digit decimal form, so
 * binary noise (0.1 + 0.2, 1.2345 stored as 1.23449999…) does not leak into money.
 */
export function toScaledInteger(value: number, scale: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(Math.abs(value).toPrecision(15));
  if (!match) throw new RangeError(`Cannot scale ${value}`);
  const [, whole = '0', fraction = '', exponent = '0'] = match;
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + scale;
  const magnitude =
    shift >= 0 ? digits * 10n ** BigInt(shift) : divideHalfAwayFromZero(digits, 10n ** BigInt(-shift));
  return value < 0 ? -magnitude : magnitude;
}

/** Integer division rounding half away from zero. */
function divideHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/**
 * Charge for `quantity` units at `rateDollars` per unit, in cents, rounded half away from zero.
 * The quantity is first rounded to 3 decimals (what the bill shows), so quantity × rate on the bill
 * always reproduces the amount.
 */
export function chargeCents(quantity: number, rateDollars: number): number {
  const milliQuantity = toScaledInteger(quantity, 3);
  const nanoRate = toScaledInteger(rateDollars, 9);
  // milli-units × nano-dollars = 10^-12 dollars = 10^-10 cents.
  const cents = divideHalfAwayFromZero(milliQuantity * nanoRate, (MILLI * NANO_PER_DOLLAR) / 100n);
  return Number(cents);
}

/** Dollars (as published, e.g. 15.91) to cents, half away from zero. */
export function dollarsToCents(dollars: number): number {
  return Number(divideHalfAwayFromZero(toScaledInteger(dollars, 9), NANO_PER_DOLLAR / 100n));
}

/** Rounds a quantity to 3 decimals, half away from zero (the bill's quantity precision). */
export function roundQuantity(quantity: number): number {
  return Number(toScaledInteger(quantity, 3)) / 1000;
}

/** Cents × basis points / 10 000, half away from zero. */
export function basisPointsOf(cents: number, basisPoints: number): number {
  return Number(divideHalfAwayFromZero(BigInt(cents) * BigInt(basisPoints), 10_000n));
}

/** "$1,234.56" / "-$0.75" for descriptions and logs. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
