// The signed-in user's notice choices (GET/PUT /notifications/preferences), parsed with the contract.
// The schema loads beside the first call, not with the page (issue 7: /settings' first render).
import type {
  NotificationPreferencesResponse,
  UpdateNotificationPreferencesRequest,
} from '@gridfront/contracts';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/notifications'));

export const notificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferencesResponse, void>({
      query: () => '/notifications/preferences',
      transformResponse: async (raw: unknown) =>
        (await contract()).notificationPreferencesResponse.parse(raw),
      providesTags: [{ type: 'Settings', id: 'notifications' }],
    }),
    updateNotificationPreferences: build.mutation<
      NotificationPreferencesResponse,
      UpdateNotificationPreferencesRequest
    >({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      transformResponse: async (raw: unknown) =>
        (await contract()).notificationPreferencesResponse.parse(raw),
      // The switch shows the choice at once (a refused save puts it back); the answer is the new
      // state, which then replaces the cached one without another round trip.
      async onQueryStarted(request, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          notificationApi.util.updateQueryData('notificationPreferences', undefined, (draft) => {
            Object.assign(draft.preferences, request.preferences);
          }),
        );
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(notificationApi.util.upsertQueryData('notificationPreferences', undefined, data));
        else shown.undo();
      },
    }),
  }),
});

export const { useNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } = notificationApi;
