// The signed-in user's settings and profile calls (spec point 7: /settings and /auth profile),
// each answer parsed with its contract schema. The schemas load beside the first call, not with
// the page: building them is zod's work on the main thread while /settings first renders (issue 7).
import type {
  changePasswordRequest,
  changeUsernameRequest,
  createProfileRequest,
  MessageResponse,
  ProfileDetailsResponse,
  profileImageUploadResponse,
  updateTfaEnableResponse,
} from '@gridfront/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

export type ChangeUsernameRequest = z.output<typeof changeUsernameRequest>;
export type ChangePasswordRequest = z.output<typeof changePasswordRequest>;
export type CreateProfileRequest = z.output<typeof createProfileRequest>;
/** On with `{ enable: true }`; off only with the current password (the server checks it). */
export type UpdateTfaRequest = { enable: true } | { enable: false; password: string };
/** isProfileRemoved: true deletes the profile; the other fields may then be left out. */
export type RemoveProfileRequest = { isProfileRemoved: true };

// zod's set-up first (zod-jitless.ts), then the schemas, with the first call (lib/api/lazy-contract.ts).
const schemas = lazyContract(() =>
  Promise.all([
    import('@gridfront/contracts/settings'),
    import('@gridfront/contracts/auth'),
    import('@gridfront/contracts/api'),
  ]).then(([settings, auth, api]) => ({ ...settings, ...auth, ...api })),
);

const asMessage = async (raw: unknown): Promise<MessageResponse> =>
  (await schemas()).messageResponse.parse(raw);

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsername: build.query<string, void>({
      query: () => '/settings/getUsername',
      transformResponse: async (raw: unknown) => (await schemas()).getUsernameResponse.parse(raw).username,
      providesTags: [{ type: 'Settings', id: 'username' }],
    }),
    changeUsername: build.mutation<MessageResponse, ChangeUsernameRequest>({
      query: (body) => ({ url: '/settings/changeUsername', method: 'POST', body }),
      transformResponse: asMessage,
      invalidatesTags: (result) => (result ? [{ type: 'Settings', id: 'username' }, 'Account'] : []),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/settings/changePassword', method: 'POST', body }),
      transformResponse: asMessage,
    }),
    tfaEnabled: build.query<boolean, void>({
      query: () => ({ url: '/settings/tfaEnable', method: 'POST' }),
      transformResponse: async (raw: unknown) => (await schemas()).tfaEnableResponse.parse(raw).tfaEnabled,
      providesTags: [{ type: 'Settings', id: 'tfa' }],
    }),
    // Spec point 4: the update triggers a refetch of the enabled flag. The body names the wanted
    // state (the server also toggles without one) and, to turn it off, the current password.
    updateTfaEnable: build.mutation<z.output<typeof updateTfaEnableResponse>, UpdateTfaRequest>({
      query: (body) => ({ url: '/settings/updateTfaEnable', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await schemas()).updateTfaEnableResponse.parse(raw),
      invalidatesTags: [{ type: 'Settings', id: 'tfa' }],
    }),
    profileDetails: build.query<ProfileDetailsResponse, void>({
      query: () => ({ url: '/auth/profileDetails', method: 'POST' }),
      transformResponse: async (raw: unknown) => (await schemas()).profileDetailsResponse.parse(raw),
      providesTags: ['Account'],
    }),
    createProfile: build.mutation<MessageResponse, CreateProfileRequest | RemoveProfileRequest>({
      query: (body) => ({ url: '/auth/createProfile', method: 'POST', body }),
      transformResponse: asMessage,
      invalidatesTags: (result) => (result ? ['Account'] : []),
    }),
    uploadProfileImage: build.mutation<z.output<typeof profileImageUploadResponse>, { image: string }>({
      query: (body) => ({ url: '/auth/userProfileImageUpload', method: 'POST', body }),
      transformResponse: async (raw: unknown) => (await schemas()).profileImageUploadResponse.parse(raw),
      invalidatesTags: (result) => (result ? ['Account'] : []),
    }),
  }),
});

export const {
  useGetUsernameQuery,
  useChangeUsernameMutation,
  useChangePasswordMutation,
  useTfaEnabledQuery,
  useUpdateTfaEnableMutation,
  useProfileDetailsQuery,
  useCreateProfileMutation,
  useUploadProfileImageMutation,
} = settingsApi;
