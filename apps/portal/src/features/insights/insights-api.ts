// The net2grid calls (spec point 7), all POST: getToken with the session, every other call with the
// analytics token and the userId it was issued to. Each answer is parsed with its contract (loaded
// beside the first call, as usage-api.ts does). Every call clears the loader flag as it starts and
// sets it when it fails; a failed call provides the 'failed' tag, so one retry refetches only those.
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
import { api } from '../../lib/api/api.ts';
import { loaderFlag } from './loader-flag.ts';

const contract = import('@gridfront/contracts/insights');

export interface InsightsAuthArgs {
  token: string;
  userId: string;
}

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

export const insightsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    insightsToken: build.query<InsightsTokenResponse, void>({
      query: () => post('getToken', {}),
      transformResponse: async (raw: unknown) => (await contract).insightsTokenResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    insightsInitialisation: build.query<InsightsInitialisation, InsightsAuthArgs>({
      query: (body) => post('getInitialisation', body),
      transformResponse: async (raw: unknown) => (await contract).insightsInitialisation.parse(raw),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    profileAttributes: build.query<ProfileAttributesResponse, { token: string }>({
      query: (body) => post('getProfileAttributes', body),
      transformResponse: async (raw: unknown) => (await contract).profileAttributesResponse.parse(raw),
      providesTags: tags(PROFILE),
      onQueryStarted: tracked,
    }),
    saveProfileAttributes: build.mutation<ProfileAttributesResponse, SaveProfileAttributesRequest>({
      query: (body) => post('saveProfileAttributes', body),
      transformResponse: async (raw: unknown) => (await contract).profileAttributesResponse.parse(raw),
      invalidatesTags: (_result, error) => (error ? [] : [BREAKDOWN, PROFILE]),
      onQueryStarted: tracked,
    }),
    eventSummary: build.query<EventSummaryResponse, EventSummaryRequest & { call: EventSummaryCall }>({
      query: ({ call, ...body }) => post(call, body),
      transformResponse: async (raw: unknown) => (await contract).eventSummaryResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    allDayProfile: build.query<AllDayResponse, ProfileDatesRequest>({
      query: (body) => post('eventSummaryAllDay', body),
      transformResponse: async (raw: unknown) => (await contract).allDayResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    hourlyProfile: build.query<HoursResponse, ProfileDatesRequest>({
      query: (body) => post('eventSummaryHours', body),
      transformResponse: async (raw: unknown) => (await contract).hoursResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    disaggregation: build.query<DisaggregationResponse, YearMonthRequest & { scope: 'month' | 'yearly' }>({
      query: ({ scope, ...body }) => post(`disaggregation/${scope}`, body),
      transformResponse: async (raw: unknown) => (await contract).disaggregationResponse.parse(raw),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    monthInsights: build.query<InsightsResponse, YearMonthRequest>({
      query: (body) => post('getInsights', body),
      transformResponse: async (raw: unknown) => (await contract).insightsResponse.parse(raw),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    insights12Months: build.query<Insights12MonthsResponse, InsightsAuthArgs & { months: number }>({
      query: (body) => post('insights12Months', body),
      transformResponse: async (raw: unknown) => (await contract).insights12MonthsResponse.parse(raw),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    recommendations: build.query<RecommendationResponse, InsightsAuthArgs>({
      query: (body) => post('recommendation', body),
      transformResponse: async (raw: unknown) => (await contract).recommendationResponse.parse(raw),
      providesTags: tags(BREAKDOWN),
      onQueryStarted: tracked,
    }),
    solarProduction: build.query<SolarProductionResponse, SolarProductionRequest>({
      query: (body) => post('solarProduction', body),
      transformResponse: async (raw: unknown) => (await contract).solarProductionResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
    energyMeasurement: build.query<EnergyMeasurementResponse, EnergyMeasurementRequest>({
      query: (body) => post('energyMeasurement', body),
      transformResponse: async (raw: unknown) => (await contract).energyMeasurementResponse.parse(raw),
      providesTags: tags(),
      onQueryStarted: tracked,
    }),
  }),
});

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
