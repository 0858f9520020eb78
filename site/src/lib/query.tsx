// The islands' one data layer: TanStack Query with SPEC §7's rules (queries are never stale, do not refetch on
// focus, do not poll and are not retried; mutations are not retried). One QueryClient per page, shared by every
// island on it, so a mutation in one island can refresh a list another shows.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    mutations: { retry: false },
  },
});

/** Wraps an island's root so its components can use queries (each island is its own React root). */
export function withQueries<P extends object>(Island: ComponentType<P>) {
  function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Island {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `withQueries(${Island.displayName ?? Island.name})`;
  return WithQueries;
}
