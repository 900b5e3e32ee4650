export { insertTenant, insertUser, type TenantFixture, type UserFixture } from './fixtures.ts';
export { showsSecret } from './secret-search.ts';
export { createTestApp, TEST_JWT_SECRET, type TestApp, testConfig } from './test-app.ts';
export { createTestDatabase, type TestDatabase } from './test-database.ts';
