// `npm run tenant:create -- --name "…" --domain portal.example.org [--theme lubbock] [--languages en,es]
// [--admin-email someone@example.org]` (issue 14): a new utility with its host name, its public
// client credential, its AI Assist widget api key (printed once, here) and a first administrator
// ("admin", at --admin-email, else admin@<domain>) who is e-mailed how to set a password. Works on the
// database the server uses (DATABASE_URL, else embedded PGlite in DATA_DIR: stop a server that holds
// that folder first). Idempotent on the domain: the same domain and name again prints "exists" and
// changes nothing (exit 0); a domain another utility owns, or a bad value, exits 1 with the reason.
// Running servers see the new domain within 10 seconds.
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import {
  createTenant,
  OnboardingError,
} from '../apps/server/src/features/tenant-onboarding/create-tenant.ts';

const usage =
  'Usage: npm run tenant:create -- --name "Utility name" --domain portal.example.org [--theme lubbock] [--languages en,es] [--admin-email a@b.org]';
let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      name: { type: 'string' },
      domain: { type: 'string' },
      theme: { type: 'string' },
      languages: { type: 'string' },
      'admin-email': { type: 'string' },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!values.name || !values.domain) {
  console.error(usage);
  process.exit(2);
}

const started = performance.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : process.env.DATA_DIR || './data';
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await applyMigrations(handle);
  const result = await createTenant(
    handle.db,
    {
      name: values.name,
      domain: values.domain,
      ...(values.theme ? { theme: values.theme as never } : {}),
      ...(values.languages ? { languages: values.languages.split(',').map((l) => l.trim()) as never } : {}),
      ...(values['admin-email'] ? { adminEmail: values['admin-email'] } : {}),
    },
    { testPayments: process.env.NODE_ENV !== 'production' },
  );
  if (result.status === 'exists') {
    console.log(
      `Tenant "${result.name}" already exists for ${result.domain} (id ${result.tenantId}); nothing changed.`,
    );
  } else {
    console.log(
      [
        `Created tenant "${result.name}"`,
        `  id:                ${result.tenantId}`,
        `  slug:              ${result.slug}`,
        `  domain:            ${result.domain}  (${result.portalUrl})`,
        `  theme:             ${result.theme}`,
        `  languages:         ${result.languages.join(', ')} (default ${result.languages[0]})`,
        `  client credential: ${result.clientId}:${result.clientSecret}`,
        `  widget api key:    ${result.widgetApiKey}`,
        `  administrator:     ${result.admin.username} <${result.admin.email}>, e-mailed how to set a password`,
        '',
        'The widget api key and client credential are shown only now; both are public (they name the',
        "utility's app and grant nothing alone). Next: npm run tenant:import -- --tenant " +
          result.tenantId +
          ' DIR',
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      ].join('\n'),
    );
  }
} catch (error) {
  if (!(error instanceof OnboardingError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
