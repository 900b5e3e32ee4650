// The billing calls' hot reads as prepared statements, one round trip for each call. Every statement
// starts from the caller's own link in user_accounts, so another customer's account or bill yields
// no row. Built once per database and named, so that PostgreSQL parses and plans each once per
// connection; PGlite runs the same SQL.
import type { Database } from '../../db/client.ts';
import { billHeadStatement } from './bill-statements.ts';
import { perSort, transactionCountStatement, transactionPageStatement } from './transaction-statements.ts';
import { userDetailsStatement } from './user-details-statement.ts';

function transactionPages(db: Database, withSession: boolean) {
  return perSort((sort) => transactionPageStatement(db, sort, withSession));
}

function buildStatements(db: Database) {
  return {
    userDetails: userDetailsStatement(db),
    billHead: billHeadStatement(db),
    transactionCount: transactionCountStatement(db),
    transactionPages: transactionPages(db, false),
    /**
     * The same reads for a caller whose sign-in identifyUser left unchecked (the billing routes'
     * `config.sessionCheckedInStatement`): each also reads whether the sign-in is alive.
     */
    withSession: {
      userDetails: userDetailsStatement(db, true),
      billHead: billHeadStatement(db, true),
      transactionPages: transactionPages(db, true),
    },
  };
}

export type BillingStatements = ReturnType<typeof buildStatements>;

const statementsByDatabase = new WeakMap<Database, BillingStatements>();

/** This database's statements, built on first use. */
export function billingStatements(db: Database): BillingStatements {
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    statements = buildStatements(db);
    statementsByDatabase.set(db, statements);
  }
  return statements;
}
