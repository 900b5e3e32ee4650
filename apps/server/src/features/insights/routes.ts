// /api/net2grid (spec point 7, the energy insights side area, issue 12). getToken takes the signed-in
// user's access token and answers an analytics token bound to the user and one electric interval
// meter of theirs; every other call is a POST with that token and the userId it was issued to
// (getProfileAttributes: the token only). The user's link to the meter is checked again on every
// call: another user's or another tenant's meter answers 404 like one that does not exist.
import {
  allDayResponse,
  allMonthsResponse,
  disaggregationResponse,
  energyMeasurementRequest,
  energyMeasurementResponse,
  errorResponse,
  eventSummaryRequest,
  eventSummaryResponse,
  hoursResponse,
  insights12MonthsResponse,
  insightsAuth,
  insightsInitialisation,
  insightsMessages,
  insightsResponse,
  insightsTokenRequest,
  insightsTokenResponse,
  monthsRequest,
  profileAttributesResponse,
  profileDatesRequest,
  recommendationResponse,
  saveProfileAttributesRequest,
  solarProductionRequest,
  solarProductionResponse,
  tokenOnlyRequest,
  yearMonthRequest,
} from '@gridfront/contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireSideArea } from '../../plugins/side-area.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { findInsightsMeter } from './scope.ts';
import * as service from './service.ts';
import { insightsTokens } from './tokens.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse } as const;
const tokenSecurity = [{ clientCredential: [] }];

export interface InsightsRoutesOptions {
  /** Token lifetime in seconds; tests shorten it. */
  tokenTtlSeconds?: number;
}

export const insightsRoutes: FastifyPluginAsyncZod<InsightsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', requireSideArea('insights'));
  const tokens = insightsTokens(
    new Uint8Array(app.derivedKey('net2grid-analytics-token')),
    options.tokenTtlSeconds,
  );

  /** The call's context: the token checked, bound to this tenant and userId, the meter still the user's. */
  async function contextOf(request: FastifyRequest, body: { token: string; userId?: string }) {
    const tenant = tenantOf(request);
    const grant = await tokens.verify(body.token);
    if (!grant || grant.tenantId !== tenant.id) throw new HttpError(401, insightsMessages.invalidToken);
    if (body.userId !== undefined && body.userId !== grant.userId)
      throw new HttpError(404, insightsMessages.notFound);
    const meter = await findInsightsMeter(
      app.db,
      { tenantId: tenant.id, userId: grant.userId },
      grant.accountId,
      grant.meterId,
    );
    if (!meter) throw new HttpError(404, insightsMessages.notFound);
    return { db: app.db, tenant: { id: tenant.id, timeZone: tenant.timeZone }, userId: grant.userId, meter };
  }

  app.post(
    '/getToken',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['net2grid'],
        summary:
          'An analytics token for the energy insights, bound to the signed-in user and the electric interval meter ' +
          'of one of their accounts (the first such account without accountId); lives 15 minutes',
        security: [{ clientCredential: [], accessToken: [] }],
        body: insightsTokenRequest,
        response: { 200: insightsTokenResponse, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const user = userOf(request);
      const meter = await findInsightsMeter(
        app.db,
        { tenantId: tenant.id, userId: user.userId },
        request.body.accountId ?? null,
      );
      if (!meter) throw new HttpError(404, insightsMessages.notFound);
      const token = await tokens.sign({
        tenantId: tenant.id,
        userId: user.userId,
        accountId: meter.accountId,
        meterId: meter.meterId,
      });
      return {
        token,
        userId: user.userId,
        accountId: meter.accountId,
        expiresIn: tokens.ttlSeconds,
        expiresAt: new Date(Date.now() + tokens.ttlSeconds * 1000).toISOString(),
      };
    },
  );

  // Each call: path, summary, request and answer schema, and what it does with the context.
  const call = <B extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    response: R,
    handler: (ctx: Awaited<ReturnType<typeof contextOf>>, body: z.output<B>) => Promise<z.input<R>>,
  ) =>
    app.route({
      method: 'POST',
      url: path,
      schema: {
        tags: ['net2grid'],
        summary,
        description:
          'Send the `token` from getToken and the `userId` it was issued to. 401: the token is missing, ' +
          'expired or not this utility’s; 404: the userId is not the token’s, or the meter is no longer the user’s.',
        security: tokenSecurity,
        body,
        response: { 200: response, ...errors },
      },
      handler: async (request: FastifyRequest) => {
        const input = request.body as z.output<B> & { token: string; userId?: string };
        return handler(await contextOf(request, input), input);
      },
    } as RouteOptions);

  call(
    '/getInitialisation',
    'What the dashboard needs first: the meter, its date range, solar, EV and the default month',
    insightsAuth,
    insightsInitialisation,
    (ctx) => service.initialisation(ctx),
  );
  call(
    '/getProfileAttributes',
    'The household questionnaire’s answers (token only)',
    tokenOnlyRequest,
    profileAttributesResponse,
    (ctx) => service.profileAttributes(ctx),
  );
  call(
    '/saveProfileAttributes',
    'Save the household questionnaire (household size, home type and size, heating and water-heating fuel, EV, solar, pool); it refines the breakdown',
    saveProfileAttributesRequest,
    profileAttributesResponse,
    (ctx, body) => service.saveProfileAttributes(ctx, body.profile),
  );
  call(
    '/recommendation',
    'Recommendations ranked by money saved a year, each computed with its assumptions',
    insightsAuth,
    recommendationResponse,
    (ctx) => service.recommendations(ctx),
  );
  const summaries = [
    ['/eventSummaryYearly', 'year', 'Each calendar year meeting the dates'],
    ['/eventSummarymonthly', 'month', 'Each month meeting the dates'],
    ['/eventSummaryPeviousMonth', 'previousMonth', 'The month before endDate’s month'],
    ['/eventSummaryWeekly', 'week', 'Each week (Monday–Sunday) meeting the dates'],
    ['/eventSummaryDay', 'day', 'Each day from startDate to endDate'],
  ] as const;
  for (const [path, periodType, what] of summaries)
    call(
      path,
      `${what}: energy, cost (tariff engine), peak, and the same period last year and similar homes`,
      eventSummaryRequest,
      eventSummaryResponse,
      (ctx, body) => service.eventSummaries(ctx, periodType, body),
    );
  call(
    '/eventSummaryAllDay',
    'Each given day’s 15-minute consumption and its always-on level',
    profileDatesRequest,
    allDayResponse,
    (ctx, body) => service.allDay(ctx, body.dates),
  );
  call(
    '/eventSummaryHours',
    'Each given day’s consumption per clock hour, and their average',
    profileDatesRequest,
    hoursResponse,
    (ctx, body) => service.hours(ctx, body.dates),
  );
  const monthOf = (body: { month?: number | undefined }) => {
    if (body.month === undefined) throw new HttpError(400, 'Choose a month');
    return body.month;
  };
  call(
    '/disaggregation/month',
    'The month’s energy by category (summing to the metered total) and the model behind it',
    yearMonthRequest,
    disaggregationResponse,
    (ctx, body) => service.disaggregationMonth(ctx, body.year, monthOf(body)),
  );
  call(
    '/disaggregation/yearly',
    'The calendar year’s energy by category, and each month’s',
    yearMonthRequest,
    disaggregationResponse,
    (ctx, body) => service.disaggregationYear(ctx, body.year),
  );
  call(
    '/getInsights',
    'What stands out in the month: its summary, breakdown and insights',
    yearMonthRequest,
    insightsResponse,
    (ctx, body) => service.monthInsights(ctx, body.year, monthOf(body)),
  );
  call(
    '/insights12Months',
    'Each of the last months’ totals and insights, oldest first',
    monthsRequest,
    insights12MonthsResponse,
    (ctx, body) => service.insightsOfMonths(ctx, body.months),
  );
  call(
    '/allMonths',
    'Each of the last months’ breakdown, oldest first',
    monthsRequest,
    allMonthsResponse,
    (ctx, body) => service.allMonths(ctx, body.months),
  );
  call(
    '/solarProduction',
    'Solar production, export and self-consumption of a year, month, ISO week or day',
    solarProductionRequest,
    solarProductionResponse,
    (ctx, body) => service.solarProduction(ctx, body),
  );
  call(
    '/energyMeasurement',
    'A series of consumption, import, export or production as energy, power or cost per 15 minutes, hour, day or month',
    energyMeasurementRequest,
    energyMeasurementResponse,
    (ctx, body) => service.energyMeasurement(ctx, body),
  );
};
