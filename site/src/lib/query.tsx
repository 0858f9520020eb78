// The islands' one data layer: TanStack Query with SPEC §7's rules (queries are never stale, do not refetch on
// focus, do not poll and are not retried; mutations are not retried). One QueryClient per page, shared by every
// island on it, so a mutation in one island can refresh a list another shows.
import { type InfiniteData, infiniteQueryOptions, QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { type ComponentType, useState } from "react";
import { nextCursorOf, toApiError } from "./api";

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
 * list rendered after the island's own fetch, in one long task on the main thread (the admin screens'
 * total blocking time; decision 017) and after a skeleton.
 */
export type FirstPage<T> = { items: T[]; nextCursor: string | undefined };

/** A first page as the infinite query's initial data (undefined: the island fetches it, as before). */
const initialPages = <P,>(first: P | undefined): InfiniteData<P, string | undefined> | undefined =>
  first ? { pages: [first], pageParams: [undefined] } : undefined;

type ListResponse<D> = { data: D | null; error: unknown; response: Response | null };

/**
 * One page of a keyset-paged list call (docs/decisions/008): the items, or what `toPage` makes of the body and the
 * response (a list's counts from its headers, a body that holds its items), and the next page's cursor from the
 * response's header. A failed call throws its ApiError.
 */
export async function keysetPage<T>(call: Promise<ListResponse<T[]>>): Promise<FirstPage<T>>;
export async function keysetPage<D, P extends object>(
  call: Promise<ListResponse<D>>,
  toPage: (data: D, response: Response | null) => P,
): Promise<P & { nextCursor: string | undefined }>;
export async function keysetPage(
  call: Promise<ListResponse<unknown>>,
  toPage: (data: unknown, response: Response | null) => object = (data) => ({ items: data }),
) {
  const { data, error, response } = await call;
  if (error) throw toApiError(error as { status: unknown; value: unknown });
  return { ...toPage(data, response), nextCursor: nextCursorOf(response) };
}

/**
 * The options of every keyset-paged list query, shared the way Astro Storefront shares its cart query's: the first
 * page has no cursor, each next page is the cursor the last one named (none: Load more goes), and the page the
 * Astro page fetched (`first`) is the initial data. A screen adds what is its own (`enabled`, `placeholderData`).
 */
export const keysetListOptions = <P extends { nextCursor: string | undefined }, K extends QueryKey>(options: {
  queryKey: K;
  /** Fetches the page after `cursor` (undefined: the first), e.g. with keysetPage. */
  page: (cursor: string | undefined) => Promise<P>;
  first?: P;
}) =>
  infiniteQueryOptions({
    queryKey: options.queryKey,
    initialPageParam: undefined as string | undefined,
    initialData: initialPages(options.first),
    queryFn: ({ pageParam }) => options.page(pageParam),
    getNextPageParam: (page) => page.nextCursor,
  });

/** A count a list response carries in a header (a list's total, its pending items); 0 without it. */
export const headerCount = (response: Response | null | undefined, header: string) => Number(response?.headers.get(header) ?? 0);

/** Every item of the pages loaded so far, in order (none before the first page arrives). */
export const listItems = <T,>(data: { pages: readonly { items: readonly T[] }[] } | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];
