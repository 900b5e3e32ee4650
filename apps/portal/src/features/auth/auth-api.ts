import { type LoginRequest, type LoginResponse, loginResponse } from '@gridfront/contracts';
import { api } from '../../lib/api/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (raw: unknown) => loginResponse.parse(raw),
    }),
  }),
});

export const { useLoginMutation } = authApi;
