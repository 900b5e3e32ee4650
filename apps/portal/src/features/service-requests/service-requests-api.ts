// The service request calls of spec point 7 (toDoVerify, toDoSubmit) and what the flow needs
// around them: the customer's requests, the utility's agreement text and, for a signed-in
// customer, the data to fill in (their first account's holder, phone and premise). Answers are parsed with their contract schemas.
import { PROPERTY_TYPES, type PropertyType } from '@gridfront/contracts/constants';
import { IDEMPOTENCY_KEY_HEADER } from '@gridfront/contracts/idempotency-header';
import type {
  ToDoAgreementResponse,
  ToDoListResponse,
  ToDoSubmitRequest,
  ToDoSubmitResponse,
  ToDoVerifyRequest,
  ToDoVerifyResponse,
} from '@gridfront/contracts/service-requests';
import { api } from '../../lib/api/api.ts';

/**
 * The answers' schemas, loaded with the first answer, not with the page (issue 7: /todo's first
 * render); zod comes with them, its set-up first (zod-jitless.ts).
 */
const contract = () =>
  import('../../config/zod-jitless.ts').then(() => import('@gridfront/contracts/service-requests'));

export interface ToDoSubmitCall {
  body: ToDoSubmitRequest;
  /** The same key on a retry makes the server answer as before instead of filing twice. */
  idempotencyKey: string;
}

/** What the portal knows of a signed-in customer, to fill in the flow. */
export interface KnownCustomer {
  accountHolderName: string;
  email: string;
  phoneNo: string;
  serviceAddress: string;
  serviceZip: string;
  propertyType: PropertyType | '';
}

function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(value);
}

export const serviceRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    toDoVerify: build.mutation<ToDoVerifyResponse, ToDoVerifyRequest>({
      query: (body) => ({ url: '/oracle/toDoVerify', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await contract()).toDoVerifyResponse.parse(raw),
    }),
    toDoSubmit: build.mutation<ToDoSubmitResponse, ToDoSubmitCall>({
      query: ({ body, idempotencyKey }) => ({
        url: '/oracle/toDoSubmit',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      transformResponse: async (raw: unknown) => (await contract()).toDoSubmitResponse.parse(raw),
    }),
    toDoList: build.query<ToDoListResponse, void>({
      query: () => ({ url: '/oracle/toDoList' }),
      transformResponse: async (raw: unknown) => (await contract()).toDoListResponse.parse(raw),
    }),
    toDoAgreement: build.query<ToDoAgreementResponse, string>({
      query: (lang) => ({ url: '/oracle/toDoAgreement', params: { lang } }),
      transformResponse: async (raw: unknown) => (await contract()).toDoAgreementResponse.parse(raw),
    }),
    knownCustomer: build.query<KnownCustomer, void>({
      query: () => ({ url: '/oracle/getUserDetails' }),
      // The billing schema loads only when a signed-in customer asks: guests never download it.
      transformResponse: async (raw: unknown) => {
        await import('../../config/zod-jitless.ts');
        const { userDetailsResponse } = await import('@gridfront/contracts/billing');
        const details = userDetailsResponse.parse(raw);
        const account = details.accounts[0];
        const premise = account?.premises[0];
        return {
          accountHolderName: account?.holderName || details.fullName,
          email: details.email,
          phoneNo: account?.phone ?? '',
          serviceAddress: premise?.serviceAddress ?? '',
          serviceZip: premise?.zip ?? '',
          propertyType: premise && isPropertyType(premise.propertyType) ? premise.propertyType : '',
        };
      },
      providesTags: ['Account'],
    }),
  }),
});

export const {
  useToDoVerifyMutation,
  useToDoSubmitMutation,
  useToDoListQuery,
  useToDoAgreementQuery,
  useKnownCustomerQuery,
} = serviceRequestsApi;
