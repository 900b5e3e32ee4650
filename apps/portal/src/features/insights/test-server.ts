// A fake /net2grid for the page's component tests: contract-shaped answers whose breakdown follows
// the saved questionnaire (an EV moves energy from "other" into EV charging), and calls that can be
// made to fail, analytics tokens that have ended (401) and a portal session that has ended.
import type { Breakdown, EventSummary, ProfileAttributes } from '@gridfront/contracts/insights';
import { INSIGHT_CATEGORIES, insightsMessages } from '@gridfront/contracts/insights-basics';

export const USER = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const ACCOUNT = '0b7e6a52-1c3d-4e5f-9a8b-7c6d5e4f3a2b';
export const TOKEN = 'analytics-token-0123456789';

export interface FakeServer {
  requests: { call: string; body: Record<string, unknown> }[];
  /** Calls answering 500, each as many times as given (Infinity: always). */
  failing: Map<string, number>;
  profile: ProfileAttributes;
  /** Analytics tokens refused as ended (401 on every call but getToken). */
  endedTokens: Set<string>;
  /** The portal session has ended: getToken answers 401. */
  sessionEnded: boolean;
  /** How many tokens getToken has issued: the first is TOKEN, then TOKEN-2, TOKEN-3, … */
  issued: number;
  handle: (request: Request) => Promise<Response>;
}

const emptyProfile: ProfileAttributes = {
  householdSize: null,
  homeType: null,
  floorAreaSqFt: null,
  heatingFuel: null,
  waterHeatingFuel: null,
  hasEv: null,
  hasSolar: null,
  hasPool: null,
};

function summary(label: string, startDate: string, endDate: string, energyKwh: number): EventSummary {
  return {
    label,
    startDate,
    endDate,
    daysWithData: 1,
    energyKwh,
    importKwh: energyKwh,
    exportKwh: 0,
    costCents: Math.round(energyKwh * 15),
    peak: { kw: 6.2, at: `${startDate}T18:15` },
    lastYear: { energyKwh: energyKwh * 0.9, changePercent: 11.1, costCents: Math.round(energyKwh * 13) },
    similarHomes: { energyKwh: energyKwh * 1.2, changePercent: -16.7 },
    averageTempC: 8,
  };
}

function breakdownFor(profile: ProfileAttributes, label: string): Breakdown {
  const ev = profile.hasEv ? 120 : 0;
  const kwh: Record<string, number> = {
    always_on: 90,
    heating: 150,
    cooling: 0,
    water_heating: 60,
    ev_charging: ev,
    cooking: 30,
    refrigeration: 40,
    laundry: 20,
    lighting: 25,
    other: 185 - ev,
  };
  const total = 600;
  return {
    label,
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    daysWithData: 31,
    totalKwh: total,
    costCents: 9000,
    categories: INSIGHT_CATEGORIES.map((category) => ({
      category,
      kwh: kwh[category] ?? 0,
      sharePercent: Math.round(((kwh[category] ?? 0) / total) * 1000) / 10,
      costCents: Math.round((kwh[category] ?? 0) * 15),
    })),
    profileUsed: profile.hasEv !== null,
    model: {
      alwaysOnW: 121,
      heatingKwhPerDegreeDay: 1.4,
      coolingKwhPerDegreeDay: 0,
      evChargerKw: ev ? 7.2 : null,
    },
  };
}

export function fakeServer(): FakeServer {
  const server: FakeServer = {
    requests: [],
    failing: new Map(),
    profile: { ...emptyProfile },
    endedTokens: new Set(),
    sessionEnded: false,
    issued: 0,
    handle: async (request) => {
      const url = new URL(request.url);
      const call = url.pathname.replace('/api/net2grid/', '');
      const body = (await request.clone().json()) as Record<string, unknown>;
      server.requests.push({ call, body });
      const failures = server.failing.get(call) ?? 0;
      if (failures > 0) {
        server.failing.set(call, failures - 1);
        return Response.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'Boom' },
          { status: 500 },
        );
      }
      const unauthorized = (message: string) =>
        Response.json({ statusCode: 401, error: 'Unauthorized', message }, { status: 401 });
      if (call === 'getToken' && server.sessionEnded) return unauthorized('Session expired');
      if (call !== 'getToken' && server.endedTokens.has(String(body.token)))
        return unauthorized(insightsMessages.invalidToken);
      const answer = answerOf(server, call, body);
      return answer === null ? new Response('{}', { status: 404 }) : Response.json(answer);
    },
  };
  return server;
}

function answerOf(server: FakeServer, call: string, body: Record<string, unknown>): unknown {
  const days = (from: string, count: number) =>
    Array.from({ length: count }, (_, index) => `${from.slice(0, 8)}${String(index + 1).padStart(2, '0')}`);
  switch (call) {
    case 'getToken':
      server.issued += 1;
      return {
        token: server.issued === 1 ? TOKEN : `${TOKEN}-${server.issued}`,
        userId: USER,
        accountId: ACCOUNT,
        expiresIn: 900,
        expiresAt: '2026-11-26T02:15:00.000Z',
      };
    case 'getInitialisation':
      return {
        userId: USER,
        accountId: ACCOUNT,
        accountNumber: '1000000001',
        timeZone: 'America/Los_Angeles',
        firstDate: '2025-11-01',
        lastDate: '2026-11-20',
        hasSolar: true,
        hasEv: server.profile.hasEv === true,
        profileAnswered: server.profile.hasEv !== null,
        categories: [...INSIGHT_CATEGORIES],
        defaultMonth: '2026-10',
      };
    case 'getProfileAttributes':
      return { profile: server.profile, savedAt: null };
    case 'saveProfileAttributes':
      server.profile = body.profile as ProfileAttributes;
      return { profile: server.profile, savedAt: '2026-11-26T02:00:00.000Z' };
    case 'eventSummarymonthly':
    case 'eventSummaryYearly':
      return {
        title: body.title ?? null,
        periodType: call === 'eventSummaryYearly' ? 'year' : 'month',
        periods: [
          summary(call === 'eventSummaryYearly' ? '2026' : '2026-10', '2026-10-01', '2026-10-31', 600),
        ],
      };
    case 'eventSummaryPeviousMonth':
      return {
        title: body.title ?? null,
        periodType: 'previousMonth',
        periods: [summary('2026-09', '2026-09-01', '2026-09-30', 480)],
      };
    case 'eventSummaryWeekly':
      return {
        title: body.title ?? null,
        periodType: 'week',
        periods: ['2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'].map((monday) =>
          summary(monday, monday, monday, 130),
        ),
      };
    case 'eventSummaryDay':
      return {
        title: body.title ?? null,
        periodType: 'day',
        periods: days('2026-10-01', 31).map((date, index) => summary(date, date, date, 15 + (index % 7))),
      };
    case 'eventSummaryHours':
      return {
        days: (body.dates as string[]).map((date) => ({
          date,
          hoursKwh: Array.from({ length: 24 }, (_, h) => 0.3 + h / 100),
        })),
        averageKwh: Array.from({ length: 24 }, (_, h) => 0.35 + h / 100),
      };
    case 'eventSummaryAllDay':
      return {
        days: (body.dates as string[]).map((date) => ({
          date,
          intervalsKwh: Array.from({ length: 96 }, (_, i) => 0.1 + (i % 8) / 100),
          totalKwh: 13.1,
          alwaysOnKwh: 0.1,
        })),
      };
    case 'disaggregation/month':
      return { ...breakdownFor(server.profile, '2026-10'), months: [] };
    case 'disaggregation/yearly':
      return { ...breakdownFor(server.profile, '2026'), months: [] };
    case 'getInsights':
      return {
        month: '2026-10',
        summary: summary('2026-10', '2026-10-01', '2026-10-31', 600),
        breakdown: breakdownFor(server.profile, '2026-10'),
        insights: [{ kind: 'biggest_category', category: 'heating', values: { kwh: 150, sharePercent: 25 } }],
      };
    case 'insights12Months':
      return {
        months: days('2026-01-01', 10).map((_, index) => ({
          month: `2026-${String(index + 1).padStart(2, '0')}`,
          energyKwh: 500 + index * 10,
          costCents: 7500,
          lastYearKwh: 480,
          similarHomesKwh: 620,
          insights: [],
        })),
      };
    case 'recommendation':
      return {
        startDate: '2025-11-01',
        endDate: '2026-10-31',
        recommendations: [
          {
            kind: 'always_on',
            rank: 1,
            annualSavingsCents: 4210,
            annualSavingsKwh: 265,
            assumptions: [
              { name: 'alwaysOnW', value: 121, unit: 'W' },
              { name: 'reduction', value: 25, unit: '%' },
            ],
            tariffCode: null,
            tariffName: null,
          },
        ],
      };
    case 'solarProduction': {
      // A year by month, a month or week by day, a day by hour: 10 kWh a point, 4 of it exported.
      const periodType = body.periodType as string;
      const labels =
        periodType === 'year'
          ? Array.from({ length: 12 }, (_, i) => `${body.year}-${String(i + 1).padStart(2, '0')}`)
          : periodType === 'week'
            ? [...days('2026-10-26', 6).map((_, i) => `2026-10-${26 + i}`), '2026-11-01']
            : periodType === 'day'
              ? Array.from({ length: 24 }, (_, h) => `2026-10-20T${String(h).padStart(2, '0')}:00`)
              : days('2026-10-01', 31);
      const first = labels[0] ?? '';
      return {
        title: body.title ?? null,
        periodType,
        startDate: first.length === 7 ? `${first}-01` : first.slice(0, 10),
        endDate: (labels.at(-1) ?? '').slice(0, 10).padEnd(10, '-31').slice(0, 10),
        points: labels.map((label) => ({ label, productionKwh: 10, exportKwh: 4, selfConsumedKwh: 6 })),
        totals: {
          productionKwh: 10 * labels.length,
          exportKwh: 4 * labels.length,
          selfConsumedKwh: 6 * labels.length,
        },
        savingsCents: 90 * labels.length,
      };
    }
    case 'energyMeasurement':
      return {
        title: body.title ?? null,
        metricType: body.metricType,
        feedType: body.feedType,
        interval: 'day',
        unit: 'kWh',
        points: days('2026-10-01', 31).map((start) => ({ start, value: 19 })),
      };
    default:
      return null;
  }
}
