// The customer's own service requests (GET /oracle/toDoList), for the dashboard's panel. The answer
// is parsed with its contract, which loads beside the first call (as billing's and usage's do).
import type { ToDoListResponse } from '@gridfront/contracts/service-requests';
import { api } from '../../lib/api/api.ts';
import { lazyContract } from '../../lib/api/lazy-contract.ts';

const contract = lazyContract(() => import('@gridfront/contracts/service-requests'));

export const myAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    myServiceRequests: build.query<ToDoListResponse, void>({
      query: () => '/oracle/toDoList',
      transformResponse: async (raw: unknown) => (await contract()).toDoListResponse.parse(raw),
    }),
  }),
});

export const { useMyServiceRequestsQuery } = myAccountApi;
