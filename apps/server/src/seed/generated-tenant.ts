// How generated demo data is recognised later (meter catch-up, bill run): the seed's tenant id is
// the first draw of its id stream, and its account numbers follow accountNumberFor. A real
// utility's tenant gets a random id from the database, which never equals a seed's.
import { hashSeed, mulberry32, randomUuid } from '../domain/random/prng.ts';
import { accountNumberFor } from './account-plan.ts';

/** The id seedDemoUtility gives its tenant for this seed (its first id draw). */
export function demoTenantIdFor(seed: number): string {
  return randomUuid(mulberry32(hashSeed(seed, 'ids')));
}

/** The plan index of a generated account number, or null when the number is not one the seed makes. */
export function accountIndexFor(accountNumber: string): number | null {
  if (!/^\d{10}$/.test(accountNumber)) return null;
  const index = Number(accountNumber.slice(0, 9)) - 310_000_000;
  return index >= 0 && accountNumberFor(index) === accountNumber ? index : null;
}
