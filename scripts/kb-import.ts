// `npm run kb:import -- --tenant ID DIR [--replace]`: imports a folder of knowledge-base articles
// (DIR/en, DIR/es, DIR/ta, DIR/de of Markdown files with YAML front matter, the format of
// apps/server/src/seed/knowledge-base/README.md) into a tenant's AI Assist knowledge base, in the
// database the server uses (DATABASE_URL, else embedded PGlite in DATA_DIR). Every file is checked
// before anything is written; a wrong one is named and nothing changes. --replace also deletes the
// tenant's articles that the folder does not hold. Running servers re-index at their next chat.
// --tenant takes the tenant's id or its slug (the demo's is "demo").
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, or } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { tenants } from '../apps/server/src/db/schema/index.ts';
import { importArticles, readKnowledgeFolder } from '../apps/server/src/features/assistant/knowledge.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { tenant: { type: 'string' }, replace: { type: 'boolean', default: false } },
});
const [dir] = positionals;
if (!values.tenant || !dir || positionals.length > 1) {
  console.error('Usage: npm run kb:import -- --tenant ID|SLUG DIR [--replace]');
  process.exit(2);
}

let articles: ReturnType<typeof readKnowledgeFolder>;
try {
  articles = readKnowledgeFolder(resolve(dir));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? undefined : process.env.DATA_DIR || './data';
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await applyMigrations(handle);
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(values.tenant);
  const [tenant] = await handle.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(
      isUuid
        ? or(eq(tenants.id, values.tenant), eq(tenants.slug, values.tenant))
        : eq(tenants.slug, values.tenant),
    )
    .limit(1);
  if (!tenant) {
    console.error(`No tenant with id or slug "${values.tenant}"`);
    process.exitCode = 1;
  } else {
    const result = await importArticles(handle.db, tenant.id, articles, { replace: values.replace });
    const languages = [...new Set(articles.map((a) => a.language))].join(', ');
    console.log(
      `Imported ${result.imported} articles (${languages}) into ${tenant.name}` +
        (values.replace ? `; removed ${result.removed} others` : ''),
    );
  }
} finally {
  await handle.close();
}
