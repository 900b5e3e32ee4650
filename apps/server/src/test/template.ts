// Where the migrated template database of this test run lives, shared by global-setup.ts (which
// makes it once) and test-app.ts (which copies it for every test file).
export const POSTGRES_TEMPLATE_DATABASE = 'gridfront_test_template';

export type TestDatabaseTemplate =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; serverUrl: string; templateDatabase: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/** The same server URL pointing at another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
