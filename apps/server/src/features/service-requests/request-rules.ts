// The rules of a service request that need the database: the date in the utility's zone, the
// service territory, who may stop what, a stop not before the start, and no second open request
// for the same premise and date.
import {
  effectiveDateProblem,
  type ToDoVerifyRequest,
  serviceRequestMessages as texts,
  zonedToday,
} from '@gridfront/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { premiseKey } from './premise-key.ts';
import {
  isServedZip,
  type KnownPremise,
  openRequestsFor,
  userAccountIds,
  userPremises,
} from './repository.ts';

export interface CheckedRequest {
  key: string;
  /** The customer's premise the request is about (stop, transfer; a start at a known one). */
  premise: KnownPremise | null;
  accountId: string | null;
}

/**
 * The rules of a request that need the database: the date, the territory, who may stop what,
 * a stop not before the start, no open request for the same premise and date. Runs before the
 * transaction (toDoVerify) and again inside it, after the premise's lock (toDoSubmit).
 */
export async function checkRequest(
  db: Database | Transaction,
  tenant: Tenant,
  userId: string | null,
  input: ToDoVerifyRequest,
): Promise<CheckedRequest> {
  const dateProblem = effectiveDateProblem(input.effectiveDate, zonedToday(new Date(), tenant.timeZone));
  if (dateProblem) throw new HttpError(400, dateProblem);
  const key = premiseKey(input.serviceAddress, input.serviceZip);
  const known = userId ? await userPremises(db, tenant.id, userId) : [];
  const premise = known.find((candidate) => candidate.key === key) ?? null;

  if (input.requestType === 'start') {
    if (!premise && !(await isServedZip(db, tenant.id, input.serviceZip)))
      throw new HttpError(400, texts.notServed);
  } else {
    if (!userId) throw new HttpError(401, texts.signInToStop);
    if (!premise) throw new HttpError(400, texts.notYourPremise);
    if (premise.serviceStart && input.effectiveDate < premise.serviceStart) {
      throw new HttpError(400, texts.stopBeforeStart);
    }
    if (input.requestType === 'transfer' && !(await isServedZip(db, tenant.id, input.newServiceZip))) {
      throw new HttpError(400, texts.newAddressNotServed);
    }
  }

  const open = await openRequestsFor(db, tenant.id, key);
  if (open.some((row) => row.effectiveDate === input.effectiveDate)) throw new HttpError(409, texts.conflict);
  if (
    input.requestType !== 'start' &&
    open.some((row) => row.requestType === 'start' && row.effectiveDate > input.effectiveDate)
  ) {
    throw new HttpError(400, texts.stopBeforeStart);
  }

  const accountId =
    premise?.accountId ?? (userId ? ((await userAccountIds(db, tenant.id, userId))[0] ?? null) : null);
  return { key, premise, accountId };
}
