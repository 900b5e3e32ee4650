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
