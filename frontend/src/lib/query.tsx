/**
 * Server state in the SPA: TanStack Query over the one API client. Lazily loaded areas wrap themselves in
 * `QueryProvider`, so the public pages never carry it, and every area shares one cache.
 */
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiRouteKey } from '@mentoring/shared/routes';
import { api, ApiError, type ApiInput } from './api-client';

/** A refusal (4xx) will not change by asking again; a network error or a 5xx may. */
const worthRetrying = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: worthRetrying, staleTime: 30_000 }, mutations: { retry: false } } });

const queryClient = createQueryClient();

export const QueryProvider = ({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

/** The query of one GET route: `useQuery(apiQuery('GET /api/calls'))`; its key is the route key and input. */
export const apiQuery = <K extends ApiRouteKey>(key: K, input?: ApiInput<K>) =>
  queryOptions({
    queryKey: [key, input ?? {}] as const,
    queryFn: () => (api as (key: K, input?: ApiInput<K>) => ReturnType<typeof api<K>>)(key, input),
  });
