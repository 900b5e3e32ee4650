// Placeholders and value types shared by the billing calls' prepared statements.
//
// Inside their sql fragments the outer table is named in plain text (users.id, not ${users.id}):
// Drizzle writes a column of a one-table select without its table, which a subquery would read as
// a column of its own tables.
import { sql } from 'drizzle-orm';

export const tenantId = sql.placeholder('tenantId');
export const userId = sql.placeholder('userId');
export const accountId = sql.placeholder('accountId');

/** Money and quantities as PostgreSQL's json writes them: numbers (sums and counts as well). */
export type JsonNumber = number | string;

/** The sign-in (refresh-token family) the access token names; see sessionLiveSql. */
export const sessionId = sql.placeholder('sessionId');

/**
 * Whether the caller's sign-in is alive, read in the billing call's own statement so that a call
 * takes one round trip (identifyUser leaves it to routes with `config.sessionCheckedInStatement`):
 * the same test as isSessionLive in features/auth/refresh-tokens.ts, on the same two indexes: the
 * family exists for this user and tenant, and none of its tokens is revoked. Nothing is cached, so a
 * logout on any instance refuses the very next call.
 */
const sessionLiveSql = sql<boolean | null>`(exists (
    select 1 from refresh_tokens rt
    where rt.family_id = ${sessionId} and rt.tenant_id = ${tenantId} and rt.user_id = ${userId}
  ) and not exists (
    select 1 from refresh_tokens rt
    where rt.family_id = ${sessionId} and rt.tenant_id = ${tenantId} and rt.user_id = ${userId}
      and rt.revoked_at is not null
  ))`;

/**
 * A statement's `sessionLive` column: read (sessionLiveSql, with the sessionId placeholder) in the
 * variant for callers whose sign-in is unconfirmed, null in the one for callers already checked
 * (identifyUser's own read, the assistant's tools, the staff's customer view).
 */
export function sessionLiveColumn(withSession: boolean) {
  return withSession ? sessionLiveSql : sql<boolean | null>`null::boolean`;
}

/** A prepared statement's name, told apart for the variant that reads the sign-in. */
export function statementName(name: string, withSession: boolean): string {
  return withSession ? `${name}_session` : name;
}
