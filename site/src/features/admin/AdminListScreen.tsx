// The shell of an admin list screen (SPEC §2 admin screens, §9 loading states): the page heading with its
// description and action buttons, an optional toolbar (counts, search), then the list in one of four states — six
// skeleton cards while the first load runs, the failure with Retry, the empty text, or the items — Load more while a
// keyset-paged list has a next page, and whatever follows (the screen's dialogs). A new admin screen passes its
// query and its grid; nothing else repeats.
import type { ReactNode } from "react";
import Button from "../../components/ui/Button";

/** The grid every admin card list uses (one column on phones, three on wide screens). */
export const ADMIN_GRID = "grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3";

/** What the shell needs of a query (TanStack's `useQuery` / `useInfiniteQuery` results have it). */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  refetch: () => unknown;
  /** A keyset-paged list (`useInfiniteQuery`): Load more under the grid while there is a next page. */
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
};

type Props = {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  toolbar?: ReactNode;
  query: ListQuery;
  /** No items to show (once loaded). */
  empty: boolean;
  texts: { loading: string; failed: ReactNode; empty: ReactNode };
  /** One placeholder card; six are shown in the grid while loading (SPEC §9). */
  skeleton?: ReactNode;
  /** How many placeholders (SPEC §9: six, five for orders). */
  skeletons?: number;
  /** "rows": the placeholders stack in one column (a table's rows) instead of the card grid. */
  layout?: "grid" | "rows";
  /** The items, rendered when there are some. */
  children: ReactNode;
  /** After the list: Load more, the dialogs. */
  after?: ReactNode;
  /**
   * A tabbed screen (components/ui/Tabs): the list in all its states sits in the selected tab's panel, named by the
   * tab, so the panel exists whatever the list shows.
   */
  tabPanel?: { id: string; labelledBy: string };
};

/** SPEC §9: six placeholders by default (fixed keys: they never reorder). */
const SLOTS = ["s1", "s2", "s3", "s4", "s5", "s6"];

const DefaultSkeleton = () => <div className="skeleton h-56 w-full" aria-hidden="true" />;

export default function AdminListScreen(props: Props) {
  const { title, description, actions, toolbar, query, empty, texts, skeleton = <DefaultSkeleton />, after, tabPanel } = props;
  const placeholders = props.layout === "rows" ? "flex flex-col gap-2" : ADMIN_GRID;
  const list = (
    <>
      {query.isPending ? (
        <div className={placeholders} role="status" aria-label={texts.loading}>
          {SLOTS.slice(0, props.skeletons ?? SLOTS.length).map((slot) => (
            <div key={slot}>{skeleton}</div>
          ))}
        </div>
      ) : query.isError && !query.data ? (
        // Only a first load shows the failure; a failed refetch keeps the last list on screen.
        <div className="py-10 text-center">
          <p className="text-error">{texts.failed}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : empty ? (
        <p className="py-10 text-center opacity-70">{texts.empty}</p>
      ) : (
        props.children
      )}
      {query.hasNextPage && (
        <div className="text-center">
          <Button
            variant="outline"
            busy={query.isFetchingNextPage}
            busyLabel="Loading..."
            onClick={() => void query.fetchNextPage?.()}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-page-title" className="text-2xl font-bold md:text-3xl">
            {title}
          </h1>
          <p className="mt-1 opacity-70">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {toolbar}
      {tabPanel ? (
        <div id={tabPanel.id} role="tabpanel" aria-labelledby={tabPanel.labelledBy} className="flex flex-col gap-6">
          {list}
        </div>
      ) : (
        list
      )}
      {after}
    </section>
  );
}
