// The contact call of spec point 7 (POST /contact/contactus) and what the form needs around it:
// the utility's time zone (appointments are in its local time) and, for a signed-in customer,
// the name and e-mail to prefill. Answers are parsed with their contract schemas.
import type { ContactUsRequest, ContactUsResponse } from '@gridfront/contracts/contact';
import { IDEMPOTENCY_KEY_HEADER } from '@gridfront/contracts/idempotency-header';
import { api } from '../../lib/api/api.ts';

// The answers' schemas load with the first answer, not with the page (issue 7: /contactus' first
// render); zod comes with them, its set-up first (zod-jitless.ts).
const contactContract = () =>
  import('../../config/zod-jitless.ts').then(() => import('@gridfront/contracts/contact'));
const authContract = () =>
  import('../../config/zod-jitless.ts').then(() => import('@gridfront/contracts/auth'));

export interface ContactUsCall {
  body: ContactUsRequest;
  /** The same key on a retry makes the server answer as before instead of sending twice. */
  idempotencyKey: string;
}

export interface ContactSender {
  fullName: string;
  email: string;
  phoneNo: string;
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactUs: build.mutation<ContactUsResponse, ContactUsCall>({
      query: ({ body, idempotencyKey }) => ({
        url: '/contact/contactus',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      transformResponse: async (raw: unknown) => (await contactContract()).contactUsResponse.parse(raw),
    }),
    contactSender: build.query<ContactSender, void>({
      query: () => ({ url: '/auth/profileDetails', method: 'POST' }),
      transformResponse: async (raw: unknown) => {
        const details = (await authContract()).profileDetailsResponse.parse(raw);
        return { fullName: details.fullName, email: details.email, phoneNo: details.profile?.phoneNo ?? '' };
      },
      providesTags: ['Account'],
    }),
  }),
});

export const { useContactUsMutation, useContactSenderQuery } = contactApi;
