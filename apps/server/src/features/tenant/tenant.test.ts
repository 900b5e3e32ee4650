import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';

let t: TestApp;
let tenant: TenantFixture;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await insertTenant(t.database.handle.db, {
    name: 'Lakeside Power & Water',
    defaultTheme: 'darkBlue',
    platforms: [
      { platformKey: 'paymentus', name: 'Paymentus', isEnable: false },
      { platformKey: 'invoiceCloud', name: 'Invoice Cloud', isEnable: true },
    ],
  });
});
afterAll(() => t.close());

describe('GET /api/tenant', () => {
  it("returns the utility's public configuration and payment platform list", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: { authorization: tenant.authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Lakeside Power & Water',
      defaultTheme: 'darkBlue',
      timeZone: 'America/Chicago',
      currency: 'USD',
      contentLanguage: 'en',
      features: ['billing', 'usage'],
      contact: {
        phone: '(555) 010-0000',
        outagePhone: '(555) 010-0911',
        email: 'help@test-utility.example',
        address: '1 Main St, Springfield',
        hours: 'Mon–Fri 8–5',
      },
      legal: {
        privacyUrl: '/privacy',
        termsUrl: '/terms',
        privacyPolicy: 'We keep your data safe.',
        termsOfUse: '',
        electronicPaymentAgreement: 'I authorise electronic payments.',
      },
      fees: { cardFeeBasisPoints: 250, achFeeCents: 75 },
      paymentPlatforms: [
        { platformKey: 'paymentus', name: 'Paymentus', isEnable: false },
        { platformKey: 'invoiceCloud', name: 'Invoice Cloud', isEnable: true },
      ],
      languages: ['en', 'es', 'ta', 'de'],
      brandColors: {},
      sideAreas: { insights: true, rateComparison: true, assistant: true },
      autopay: { methods: ['card', 'ach'], maxWithdrawalCents: null },
    });
  });

  it('never returns the client secret, ids or internal fee fields', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: { authorization: tenant.authorization },
    });
    expect(response.body).not.toContain(tenant.clientSecret);
    expect(response.body).not.toContain(tenant.tenant.id);
    expect(response.body).not.toContain('lateFeeCents');
  });
});
