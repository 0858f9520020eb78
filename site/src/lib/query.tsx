// The islands' one data layer: TanStack Query with SPEC §7's rules (queries are never stale, do not refetch on
// focus, do not poll and are not retried; mutations are not retried). One QueryClient per page, shared by every
// island on it, so a mutation in one island can refresh a list another shows.
import { QueryClient, QueryClientProvider, type InfiniteData } from "@tanstack/react-query";
import { type ComponentType, useState } from "react";

const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });

/**
 * The browser's one client. On the server every render gets its own: a cache shared by the server's requests would
 * hand one visitor's first page (see FirstPage) to the next visitor's render.
 */
const browserClient = typeof window === "undefined" ? null : newQueryClient();

/** Wraps an island's root so its components can use queries (each island is its own React root). */
export function withQueries<P extends object>(Island: ComponentType<P>) {
  function WithQueries(props: P) {
    const [client] = useState(() => browserClient ?? newQueryClient());
    return (
      <QueryClientProvider client={client}>
        <Island {...props} />
      </QueryClientProvider>
    );
  }
  // For React's developer tools; the production bundle leaves it out (every island page carries this code).
  if (import.meta.env.DEV) WithQueries.displayName = `withQueries(${Island.displayName ?? Island.name})`;
  return WithQueries;
}

/**
 * The first page of a keyset-paged list, fetched by the Astro page (`firstPage` in api.server.ts) and handed to the
 * island as a prop: the island's first render, on the server and at hydration, is the list itself. Without it the
 * list rendered after the island's own fetch, in one long task on the main thread (issue 17: the admin screens'
 * total blocking time) and after a skeleton.
 */
export type FirstPage<T> = { items: T[]; nextCursor: string | undefined };

/** A first page as the infinite query's initial data (undefined: the island fetches it, as before). */
export const initialPages = <P,>(first: P | undefined): InfiniteData<P, string | undefined> | undefined =>
  first ? { pages: [first], pageParams: [undefined] } : undefined;
