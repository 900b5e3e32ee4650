// /api/admin/settings (issue 14): which side areas the utility offers, its payment fees, notice
// timings, AutoPay rules and the plans it offers. Administrators of the request's own utility only
// (requireAdmin answers 403 before anything is read or validated); every change is audited, and a
// change the portal reads from /api/tenant drops this instance's tenant cache at once.
// The payment platform itself is switched through the existing /paymentus/updatePaymentPlatform.
import { errorResponse } from '@gridfront/contracts';
import {
  type AdminSettingsResponse,
  adminSettingsResponse,
  autopayRulesSettings,
  feesSettings,
  notificationTimings,
  offeredPlan,
  planIdParams,
  planOfferedRequest,
  planUploadError,
  planUploadRequest,
  sideAreasSettings,
} from '@gridfront/contracts/admin-settings';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Transaction } from '../../db/client.ts';
import { tariffs, tenants } from '../../db/schema/index.ts';
import type { TenantAutopayRules } from '../../db/schema/tenants.ts';
import { tenantFeeSchedule } from '../../domain/fees/payment-fees.ts';
import { readUrdbRecord, UnsupportedTariffError } from '../../domain/tariffs/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sendError } from '../../plugins/errors.ts';
import { sideAreaIsOn } from '../../plugins/side-area.ts';
import { type Tenant, tenantOf } from '../../plugins/tenant.ts';
import { noticeSettingsOf, setReminderDaysBefore } from '../notifications/notification-settings.ts';
import { requireAdmin } from './routes.ts';
import { autopayRuleMessages, autopayRulesOf } from './settings-rules.ts';

const security = [{ clientCredential: [], accessToken: [] }];
const refused = { 400: errorResponse, 403: errorResponse } as const;

export const settingsMessages = {
  planNotFound: 'Plan not found',
  planCodeTaken: (code: string) => `A plan with the code ${code} is already in the rate book`,
  planNotJson: 'A URDB record is a JSON object',
  planNoCode: 'Give the plan a code: the record has no label or name',
  planNoEnergy: 'The record has no energy rates (energyratestructure)',
} as const;

async function freshTenant(db: Database, id: string): Promise<Tenant | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row;
}

/** The tenant's row as stored, locked until the transaction ends: settings are read, changed and written back. */
async function lockedTenant(db: Transaction, id: string): Promise<Tenant | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
  return row;
}

async function plansOf(db: Database, tenantId: string) {
  const rows = await db
    .select({
      id: tariffs.id,
      code: tariffs.code,
      name: tariffs.name,
      sector: tariffs.sector,
      utilityType: tariffs.utilityType,
      effectiveFrom: tariffs.effectiveFrom,
      offered: tariffs.offered,
    })
    .from(tariffs)
    .where(eq(tariffs.tenantId, tenantId))
    .orderBy(asc(tariffs.utilityType), asc(tariffs.code), asc(tariffs.effectiveFrom));
  return rows;
}

async function settingsOf(db: Database, tenantId: string): Promise<AdminSettingsResponse> {
  const tenant = await freshTenant(db, tenantId);
  if (!tenant) throw new Error('the tenant row is missing');
  const rules = autopayRulesOf(tenant);
  const notices = await noticeSettingsOf(db, tenantId);
  return {
    sideAreas: {
      insights: sideAreaIsOn(tenant.sideAreas, 'insights'),
      rateComparison: sideAreaIsOn(tenant.sideAreas, 'rateComparison'),
      assistant: sideAreaIsOn(tenant.sideAreas, 'assistant'),
    },
    fees: tenantFeeSchedule(tenant.fees),
    notifications: {
      reminderDaysBefore: notices.reminderDaysBefore,
      autopayNoticeDaysBefore: rules.noticeDaysBefore,
    },
    autopay: {
      maxWithdrawalCents: rules.maxWithdrawalCents,
      methods: rules.methods,
      withdrawalDaysBefore: rules.withdrawalDaysBefore,
    },
    plans: await plansOf(db, tenantId),
  };
}

/** The field a refused URDB record names: the engine's own field, or the one its message names. */
function fieldOf(error: unknown): string | null {
  if (error instanceof UnsupportedTariffError) return error.field;
  const named = error instanceof Error ? /URDB field (\w[\w.[\]]*)/.exec(error.message) : null;
  return named?.[1] ?? null;
}

function textOf(fields: Record<string, unknown>, key: string): string | null {
  const value = fields[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The record's start date, as the tenant import reads it (epoch seconds or YYYY-MM-DD). */
function effectiveFromOf(fields: Record<string, unknown>, fallback: string): string {
  const start = fields.startdate;
  if (typeof start === 'number') return new Date(start * 1000).toISOString().slice(0, 10);
  if (typeof start === 'string' && /^\d{4}-\d{2}-\d{2}/.test(start)) return start.slice(0, 10);
  return fallback;
}

export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  async function audit(
    request: Parameters<typeof recordAudit>[1],
    action: string,
    detail: object,
    db: Database | Transaction = app.db,
  ) {
    const tenant = tenantOf(request);
    await recordAudit(db, request, {
      tenantId: tenant.id,
      userId: request.user?.userId ?? null,
      action,
      detail: { ...detail },
    });
  }

  /** Saves tenant columns and makes this instance serve them at once (others within the cache's TTL). */
  async function updateTenant(
    tenantId: string,
    values: Partial<typeof tenants.$inferInsert>,
    db: Database | Transaction = app.db,
  ) {
    await db
      .update(tenants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tenants.id, tenantId));
  }

  /**
   * A change to the tenant's settings as one transaction: the row read locked (two administrators
   * saving at once cannot lose each other's change), the change, its audit entry. Undefined when the
   * change refused (it answered already); then nothing is written.
   */
  async function changeTenant(
    request: Parameters<typeof recordAudit>[1],
    action: string,
    detail: object,
    change: (tx: Transaction, current: Tenant) => Promise<boolean>,
  ): Promise<boolean> {
    const tenant = tenantOf(request);
    const changed = await app.db.transaction(async (tx) => {
      const current = (await lockedTenant(tx, tenant.id)) ?? tenant;
      if (!(await change(tx, current))) return false;
      await audit(request, action, detail, tx);
      return true;
    });
    if (changed) app.tenants.invalidate();
    return changed;
  }

  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Side areas, fees, notice timings, AutoPay rules and the plans of the rate book',
        security,
        response: { 200: adminSettingsResponse, 403: errorResponse },
      },
    },
    (request) => settingsOf(app.db, tenantOf(request).id),
  );

  app.put(
    '/settings/side-areas',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turns energy insights, rate comparison and AI Assist on or off (off: refused and hidden)',
        security,
        body: sideAreasSettings,
        response: { 200: adminSettingsResponse, ...refused },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      await changeTenant(request, 'admin.settings.side_areas', request.body, async (tx) => {
        await updateTenant(tenant.id, { sideAreas: request.body }, tx);
        return true;
      });
      return settingsOf(app.db, tenant.id);
    },
  );

  app.put(
    '/settings/fees',
    {
      schema: {
        tags: ['admin'],
        summary: 'The card fee (basis points) and the bank (ACH) fee (cents) payers are charged',
        security,
        body: feesSettings,
        response: { 200: adminSettingsResponse, ...refused },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      await changeTenant(request, 'admin.settings.fees', request.body, async (tx, current) => {
        await updateTenant(tenant.id, { fees: { ...current.fees, ...request.body } }, tx);
        return true;
      });
      return settingsOf(app.db, tenant.id);
    },
  );

  app.put(
    '/settings/notifications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Days before the due date the bill reminder and the AutoPay notice go out',
        security,
        body: notificationTimings,
        response: { 200: adminSettingsResponse, ...refused },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { reminderDaysBefore, autopayNoticeDaysBefore } = request.body;
      const changed = await changeTenant(
        request,
        'admin.settings.notifications',
        request.body,
        async (tx, row) => {
          const current = autopayRulesOf(row);
          if (autopayNoticeDaysBefore < current.withdrawalDaysBefore) return false;
          await setReminderDaysBefore(tx, tenant.id, reminderDaysBefore);
          await updateTenant(
            tenant.id,
            { autopayRules: { ...current, noticeDaysBefore: autopayNoticeDaysBefore } },
            tx,
          );
          return true;
        },
      );
      if (!changed) return sendError(reply, 400, autopayRuleMessages.noticeBeforeWithdrawal);
      return settingsOf(app.db, tenant.id);
    },
  );

  app.put(
    '/settings/autopay',
    {
      schema: {
        tags: ['admin'],
        summary: 'AutoPay rules: the withdrawal cap, the methods offered, the days before the due date',
        security,
        body: autopayRulesSettings,
        response: { 200: adminSettingsResponse, ...refused },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const changed = await changeTenant(request, 'admin.settings.autopay', request.body, async (tx, row) => {
        const current = autopayRulesOf(row);
        if (current.noticeDaysBefore < request.body.withdrawalDaysBefore) return false;
        const rules: TenantAutopayRules = { ...current, ...request.body };
        await updateTenant(tenant.id, { autopayRules: rules }, tx);
        return true;
      });
      if (!changed) return sendError(reply, 400, autopayRuleMessages.noticeBeforeWithdrawal);
      return settingsOf(app.db, tenant.id);
    },
  );

  app.post(
    '/settings/plans',
    {
      // A published URDB record with its 12 × 24 schedules is a few tens of kB.
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['admin'],
        summary:
          'Adds a plan from one URDB record (bare or { items: [record] }), checked by the tariff engine; 422 names the field',
        security,
        body: planUploadRequest,
        response: { 201: offeredPlan, 409: errorResponse, 422: planUploadError, ...refused },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      let fields: Record<string, unknown>;
      try {
        fields = readUrdbRecord(request.body.record) as unknown as Record<string, unknown>;
      } catch (error) {
        const message = error instanceof Error ? error.message : settingsMessages.planNotJson;
        return reply.code(422).send({ message, field: fieldOf(error) });
      }
      if (!Array.isArray(fields.energyratestructure) || fields.energyratestructure.length === 0) {
        return reply.code(422).send({ message: settingsMessages.planNoEnergy, field: 'energyratestructure' });
      }
      const code = request.body.code ?? textOf(fields, 'label') ?? textOf(fields, 'name');
      if (!code) return reply.code(422).send({ message: settingsMessages.planNoCode, field: 'code' });
      const [taken] = await app.db
        .select({ id: tariffs.id })
        .from(tariffs)
        .where(and(eq(tariffs.tenantId, tenant.id), eq(tariffs.code, code)))
        .limit(1);
      if (taken) return sendError(reply, 409, settingsMessages.planCodeTaken(code));
      const [row] = await app.db
        .insert(tariffs)
        .values({
          tenantId: tenant.id,
          code: code.slice(0, 40),
          name: (textOf(fields, 'name') ?? code).slice(0, 200),
          utilityType: 'electricity',
          sector: textOf(fields, 'sector') ?? 'Residential',
          description: (textOf(fields, 'description') ?? '').slice(0, 2000),
          structure: fields,
          effectiveFrom: effectiveFromOf(fields, new Date().toISOString().slice(0, 10)),
          sourceUri: textOf(fields, 'uri'),
          offered: true,
        })
        .returning();
      if (!row) throw new Error('the plan was not saved');
      await audit(request, 'admin.settings.plan_added', { planId: row.id, code: row.code });
      return reply.code(201).send({
        id: row.id,
        code: row.code,
        name: row.name,
        sector: row.sector,
        utilityType: row.utilityType,
        effectiveFrom: row.effectiveFrom,
        offered: row.offered,
      });
    },
  );

  app.put(
    '/settings/plans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Offers a plan to customers or withdraws it (rate comparison compares offered plans only)',
        security,
        params: planIdParams,
        body: planOfferedRequest,
        response: { 200: offeredPlan, 404: errorResponse, ...refused },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const [row] = await app.db
        .update(tariffs)
        .set({ offered: request.body.offered })
        .where(and(eq(tariffs.tenantId, tenant.id), eq(tariffs.id, request.params.id)))
        .returning();
      if (!row) return sendError(reply, 404, settingsMessages.planNotFound);
      await audit(request, 'admin.settings.plan_offered', {
        planId: row.id,
        code: row.code,
        offered: row.offered,
      });
      return {
        id: row.id,
        code: row.code,
        name: row.name,
        sector: row.sector,
        utilityType: row.utilityType,
        effectiveFrom: row.effectiveFrom,
        offered: row.offered,
      };
    },
  );
};
