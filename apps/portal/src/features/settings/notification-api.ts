// The signed-in user's notice choices (GET/PUT /notifications/preferences), parsed with the contract.
import {
  type NotificationPreferencesResponse,
  notificationPreferencesResponse,
  type UpdateNotificationPreferencesRequest,
} from '@gridfront/contracts';
import { api } from '../../lib/api/api.ts';

export const notificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferencesResponse, void>({
      query: () => '/notifications/preferences',
      transformResponse: (raw: unknown) => notificationPreferencesResponse.parse(raw),
      providesTags: [{ type: 'Settings', id: 'notifications' }],
    }),
    updateNotificationPreferences: build.mutation<
      NotificationPreferencesResponse,
      UpdateNotificationPreferencesRequest
    >({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      transformResponse: (raw: unknown) => notificationPreferencesResponse.parse(raw),
      // The answer is the new state: it replaces the cached one without another round trip.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(notificationApi.util.upsertQueryData('notificationPreferences', undefined, data));
      },
    }),
  }),
});

export const { useNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } = notificationApi;
