import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client.ts';

const MAX_RETRIES = 2;

/** 4xx answers will not change on retry; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Many screens mount the same queries; refetching all of them on every focus floods the API.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
