// The net2grid calls (spec point 7), all POST: getToken with the session, every other call with the
// analytics token and the userId it was issued to. The token is not part of a call's arguments: the
// calls take it from getToken's answer when they are made, and an expired one is renewed and the
// call retried (analytics-query.ts), so a renewal refetches nothing else. Each answer is parsed with
// its contract (loaded beside the first call, as usage-api.ts does). Every call clears the loader
// flag as it starts and sets it when it fails; a failed call provides the 'failed' tag, so one retry
// refetches only those.
import type {
  AllDayResponse,
  DisaggregationResponse,
  EnergyMeasurementRequest,
  EnergyMeasurementResponse,
  EventSummaryRequest,
  EventSummaryResponse,
  HoursResponse,
  Insights12MonthsResponse,
  InsightsInitialisation,
  InsightsResponse,
  InsightsTokenResponse,
  ProfileAttributesResponse,
  ProfileDatesRequest,
  RecommendationResponse,
  SaveProfileAttributesRequest,
  SolarProductionRequest,
  SolarProductionResponse,
  YearMonthRequest,
} from '@gridfront/contracts/insights';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';
import { analyticsCall, type GrantSource, sharedRenewal } from './analytics-query.ts';
import { loaderFlag } from './loader-flag.ts';

const contract = lazyContract(() => import('@gridfront/contracts/insights'));
type Contract = Awaited<ReturnType<typeof contract>>;

/** What identifies the caller in every call's arguments; the token is added when the call is made. */
export interface InsightsAuthArgs {
  userId: string;
}

/** A call's arguments: its contract body without the token. */
type Args<T> = Omit<T, 'token'>;

export type EventSummaryCall =
  | 'eventSummaryYearly'
  | 'eventSummarymonthly'
  | 'eventSummaryPeviousMonth'
  | 'eventSummaryWeekly'
  | 'eventSummaryDay';

/** Tags: 'breakdown' is what the questionnaire changes; 'failed' is every call that failed. */
const TAG = 'Insights' as const;
const FAILED = { type: TAG, id: 'failed' } as const;
const BREAKDOWN = { type: TAG, id: 'breakdown' } as const;
const PROFILE = { type: TAG, id: 'profile' } as const;

function tags(...ok: (typeof BREAKDOWN | typeof PROFILE)[]) {
  return (_result: unknown, error: unknown) => (error ? [FAILED] : ok);
}

async function tracked(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
  loaderFlag.record('fetch');
  try {
    await queryFulfilled;
    loaderFlag.record('success');
  } catch {
    loaderFlag.record('failure');
  }
}

const post = (call: string, body: object) => ({ url: `/net2grid/${call}`, method: 'POST', body });

/** The token getToken last answered (held in its cache entry), and its renewal. */
const grants: GrantSource = {
  held: (queryApi) =>
    tokenEndpoint.select()(queryApi.getState() as Parameters<ReturnType<typeof tokenEndpoint.select>>[0])
      .data ?? null,
  renew: sharedRenewal(
    async (queryApi) =>
      (await queryApi.dispatch(tokenEndpoint.initiate(undefined, { forceRefetch: true, subscribe: false })))
        .data ?? null,
  ),
};

/** The queryFn of a call: its body (the arguments, less what only picks the path) and its answer's schema. */
function call<A extends InsightsAuthArgs, T>(
  path: string | ((args: A) => string),
  schema: (contract: Contract) => { parse: (raw: unknown) => T },
  body: (args: A) => InsightsAuthArgs & object = (args) => args,
  tokenOnly = false,
) {
  return (args: A, queryApi: BaseQueryApi) =>
    analyticsCall(
      queryApi,
      grants,
      typeof path === 'string' ? path : path(args),
      body(args),
      async (raw) => schema(await contract()).parse(raw),
      tokenOnly,
    );
}

export const insightsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    insightsToken: build.query<InsightsTokenResponse, void>({
      // With the portal session: its 401 is the portal's to handle (refresh or sign out).
      query: () => post('getToken', {}),
      transformResponse: async (raw: unknown) => (await contract()).insightsTokenResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    insightsInitialisation: build.query<InsightsInitialisation, InsightsAuthArgs>({
      queryFn: call('getInitialisation', (c) => c.insightsInitialisation),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    profileAttributes: build.query<ProfileAttributesResponse, InsightsAuthArgs>({
      queryFn: call(
        'getProfileAttributes',
        (c) => c.profileAttributesResponse,
        (args) => args,
        true,
      ),
      providesTags: tags(PROFILE),
      onQueryStarted: tracked,
    }),
    saveProfileAttributes: build.mutation<ProfileAttributesResponse, Args<SaveProfileAttributesRequest>>({
      queryFn: call('saveProfileAttributes', (c) => c.profileAttributesResponse),
      invalidatesTags: (_result, error) => (error ? [] : [BREAKDOWN, PROFILE]),
      onQueryStarted: tracked,
    }),
    eventSummary: build.query<EventSummaryResponse, Args<EventSummaryRequest> & { call: EventSummaryCall }>({
      queryFn: call(
        (args) => args.call,
        (c) => c.eventSummaryResponse,
        ({ call: _call, ...body }) => body,
      ),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    allDayProfile: build.query<AllDayResponse, Args<ProfileDatesRequest>>({
      queryFn: call('eventSummaryAllDay', (c) => c.allDayResponse),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    hourlyProfile: build.query<HoursResponse, Args<ProfileDatesRequest>>({
      queryFn: call('eventSummaryHours', (c) => c.hoursResponse),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    disaggregation: build.query<
      DisaggregationResponse,
      Args<YearMonthRequest> & { scope: 'month' | 'yearly' }
    >({
      queryFn: call(
        (args) => `disaggregation/${args.scope}`,
        (c) => c.disaggregationResponse,
        ({ scope: _scope, ...body }) => body,
      ),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    monthInsights: build.query<InsightsResponse, Args<YearMonthRequest>>({
      queryFn: call('getInsights', (c) => c.insightsResponse),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    insights12Months: build.query<Insights12MonthsResponse, InsightsAuthArgs & { months: number }>({
      queryFn: call('insights12Months', (c) => c.insights12MonthsResponse),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    recommendations: build.query<RecommendationResponse, InsightsAuthArgs>({
      queryFn: call('recommendation', (c) => c.recommendationResponse),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    solarProduction: build.query<SolarProductionResponse, Args<SolarProductionRequest>>({
      queryFn: call('solarProduction', (c) => c.solarProductionResponse),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    energyMeasurement: build.query<EnergyMeasurementResponse, Args<EnergyMeasurementRequest>>({
      queryFn: call('energyMeasurement', (c) => c.energyMeasurementResponse),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
  }),
});

const tokenEndpoint = insightsApi.endpoints.insightsToken;

/** Refetch every analytics call that failed (the dashboard's one "Try again"). */
export const retryFailed = () => insightsApi.util.invalidateTags([FAILED]);

export const {
  useInsightsTokenQuery,
  useInsightsInitialisationQuery,
  useProfileAttributesQuery,
  useSaveProfileAttributesMutation,
  useEventSummaryQuery,
  useAllDayProfileQuery,
  useHourlyProfileQuery,
  useDisaggregationQuery,
  useMonthInsightsQuery,
  useInsights12MonthsQuery,
  useRecommendationsQuery,
  useSolarProductionQuery,
  useEnergyMeasurementQuery,
} = insightsApi;
