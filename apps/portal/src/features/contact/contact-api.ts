// The contact call of spec point 7 (POST /contact/contactus) and what the form needs around it:
// the utility's time zone (appointments are in its local time) and, for a signed-in customer,
// the name and e-mail to prefill. Answers are parsed with their contract schemas.
import '../../config/zod-jitless.ts';
import { profileDetailsResponse } from '@gridfront/contracts/auth';
import {
  type ContactUsRequest,
  type ContactUsResponse,
  contactUsResponse,
  IDEMPOTENCY_KEY_HEADER,
} from '@gridfront/contracts/contact';
import { api } from '../../lib/api/api.ts';

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
      transformResponse: (raw: unknown) => contactUsResponse.parse(raw),
    }),
    contactSender: build.query<ContactSender, void>({
      query: () => ({ url: '/auth/profileDetails', method: 'POST' }),
      transformResponse: (raw: unknown) => {
        const details = profileDetailsResponse.parse(raw);
        return { fullName: details.fullName, email: details.email, phoneNo: details.profile?.phoneNo ?? '' };
      },
      providesTags: ['Account'],
    }),
  }),
});

export const { useContactUsMutation, useContactSenderQuery } = contactApi;
