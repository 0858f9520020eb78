// The project-management screen's calls (SPEC §7 /api/projects, the archive call and the completed challenges it
// offers), as queries and mutations of the one data layer. Successful mutations refresh the related lists.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectInput, ProjectUpdate } from "@api/modules/projects/schema";
import type { Challenge } from "@api/modules/challenges/schema";
import { api, nextCursorOf, toApiError, unwrap } from "../../lib/api";

const PROJECTS = ["projects"] as const;
const COMPLETED_CHALLENGES = ["challenges", "COMPLETED"] as const;
/** The list routes' largest page; the admin screens walk the keyset pages to the end (nextCursorOf). */
const PAGE_LIMIT = 100;
const MAX_PAGES = 50;

type Page<T> = { data: T[] | null; error: unknown; response: Response };

/** Every item of a keyset-paged list: asks for the next page while the response names one. */
async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await fetchPage(cursor);
    if (res.error) throw toApiError(res.error as { status: unknown; value: unknown });
    items.push(...(res.data ?? []));
    cursor = nextCursorOf(res.response);
    if (!cursor) break;
  }
  return items;
}

export const useProjects = () =>
  useQuery({
    queryKey: PROJECTS,
    queryFn: () =>
      allPages<Project>(
        (cursor) => api.projects.get({ query: { limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) } }) as Promise<Page<Project>>,
      ),
  });

/** SPEC §2 Archive Challenge dialog: only COMPLETED challenges can be archived (GET /api/challenges?status=COMPLETED). */
export const useCompletedChallenges = () =>
  useQuery({
    queryKey: COMPLETED_CHALLENGES,
    queryFn: () =>
      allPages<Challenge>(
        (cursor) =>
          api.challenges.get({ query: { status: "COMPLETED", limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) } }) as Promise<
            Page<Challenge>
          >,
      ),
  });

function useProjectsMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: PROJECTS }) });
}

export const useCreateProject = () => useProjectsMutation((body: ProjectInput) => unwrap(api.projects.post(body)));
export const useUpdateProject = () =>
  useProjectsMutation(({ id, body }: { id: string; body: ProjectUpdate }) => unwrap(api.projects({ id }).patch(body)));
export const useDeleteProject = () => useProjectsMutation((id: string) => unwrap(api.projects({ id }).delete()));
/** POST /api/challenges/{id}/archive (SPEC §7): creates the project, and draft resources when asked. */
export const useArchiveChallenge = () =>
  useProjectsMutation(({ id, spawnResources }: { id: string; spawnResources: boolean }) =>
    unwrap(api.challenges({ id }).archive.post({ spawnResources })),
  );

export type { UploadKind } from "../uploads/upload";
