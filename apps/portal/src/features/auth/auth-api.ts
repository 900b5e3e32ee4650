// The identity calls of spec point 7 (/auth and the account check of /oracle), as RTK Query
// mutations; every answer is parsed with its contract schema so a malformed one fails loudly.
import type { MessageResponse } from '@gridfront/contracts/api';
import type {
  LoginRequest,
  LoginResponse,
  ResendOtpQuery,
  SessionResponse,
  SignupResponse,
  TfaVerifyRequest,
} from '@gridfront/contracts/auth';
import type {
  emailOtpVerifyRequest,
  forgotAccountNumberRequest,
  forgotOtpRequest,
  forgotPasswordRequest,
  forgotUsernameRequest,
  signupRequest,
} from '@gridfront/contracts/forms';
import type { AccountVerifyResponse, accountVerifyRequest } from '@gridfront/contracts/oracle';
import type { z } from 'zod';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

export type AccountVerifyRequest = z.output<typeof accountVerifyRequest>;
export type SignupRequest = z.output<typeof signupRequest>;
export type EmailOtpVerifyRequest = z.output<typeof emailOtpVerifyRequest>;
export type ForgotUsernameRequest = z.output<typeof forgotUsernameRequest>;
export type ForgotOtpRequest = z.output<typeof forgotOtpRequest>;
export type ForgotPasswordRequest = z.output<typeof forgotPasswordRequest>;
export type ForgotAccountNumberRequest = z.output<typeof forgotAccountNumberRequest>;
/** Resend Code: a username and purpose, or the pending token of a two-factor sign-in. */
export type ResendOtpRequest = Partial<ResendOtpQuery> & { pendingToken?: string };

const post =
  <Body>(url: string) =>
  (body: Body) => ({ url, method: 'POST', body });
// The answers' schemas, and zod with them (its set-up first), load with the first call, as
// billing-api's do (lib/api/lazy-contract.ts), not when this module runs: it sits in the chunk the
// form pages share, and a visitor who only reads a page downloads and parses neither (issue 7).
const contracts = lazyContract(() =>
  Promise.all([
    import('@gridfront/contracts/api'),
    import('@gridfront/contracts/auth'),
    import('@gridfront/contracts/oracle'),
  ]).then(([api, auth, oracle]) => ({ ...api, ...auth, ...oracle })),
);
const asMessage = async (raw: unknown): Promise<MessageResponse> =>
  (await contracts()).messageResponse.parse(raw);
/** The contract's PENDING_TOKEN_HEADER (auth.ts; resend-code.test.tsx checks that they agree). */
const PENDING_TOKEN_HEADER = 'X-Pending-Token';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: post('/auth/login'),
      transformResponse: async (raw: unknown) => (await contracts()).loginResponse.parse(raw),
    }),
    accountVerify: build.mutation<AccountVerifyResponse, AccountVerifyRequest>({
      query: post('/oracle/accountVerify'),
      transformResponse: async (raw: unknown) => (await contracts()).accountVerifyResponse.parse(raw),
    }),
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: post('/auth/signup'),
      transformResponse: async (raw: unknown) => (await contracts()).signupResponse.parse(raw),
    }),
    emailOtpVerify: build.mutation<SessionResponse, EmailOtpVerifyRequest>({
      query: post('/auth/emailOTPVerify'),
      transformResponse: async (raw: unknown) => (await contracts()).sessionResponse.parse(raw),
    }),
    tfaVerify: build.mutation<SessionResponse, TfaVerifyRequest>({
      query: post('/auth/tfaVerify'),
      transformResponse: async (raw: unknown) => (await contracts()).sessionResponse.parse(raw),
    }),
    // A GET with an effect (a new code is mailed): a mutation, so that it never comes from a cache.
    // The pending token goes in a header: a URL lands in logs and history.
    resendOtp: build.mutation<MessageResponse, ResendOtpRequest>({
      query: ({ pendingToken, ...params }) => ({
        url: '/auth/resendOTP',
        method: 'GET',
        params,
        ...(pendingToken ? { headers: { [PENDING_TOKEN_HEADER]: pendingToken } } : {}),
      }),
      transformResponse: asMessage,
    }),
    forgotUsername: build.mutation<MessageResponse, ForgotUsernameRequest>({
      query: post('/auth/forgotUsername'),
      transformResponse: asMessage,
    }),
    forgotOtp: build.mutation<MessageResponse, ForgotOtpRequest>({
      query: post('/auth/forgotOTP'),
      transformResponse: asMessage,
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: post('/auth/forgotPassword'),
      transformResponse: asMessage,
    }),
    forgotAccountNumber: build.mutation<MessageResponse, ForgotAccountNumberRequest>({
      query: post('/auth/forgotAccountNumber'),
      transformResponse: asMessage,
    }),
  }),
});

export const {
  useLoginMutation,
  useAccountVerifyMutation,
  useSignupMutation,
  useEmailOtpVerifyMutation,
  useTfaVerifyMutation,
  useResendOtpMutation,
  useForgotUsernameMutation,
  useForgotOtpMutation,
  useForgotPasswordMutation,
  useForgotAccountNumberMutation,
} = authApi;
