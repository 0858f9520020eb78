// The project-management screen's calls (SPEC §7 /api/projects, the archive call and the completed challenges it
// offers), as queries and mutations of the one data layer. Successful mutations refresh the related lists.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectInput, ProjectUpdate } from "@api/modules/projects/schema";
import type { Challenge } from "@api/modules/challenges/schema";
import { api, everyPage, unwrap } from "../../lib/api";
import { type FirstPage, keysetListOptions, keysetPage } from "../../lib/query";

const PROJECTS = ["projects"] as const;
const COMPLETED_CHALLENGES = ["challenges", "COMPLETED"] as const;
/** Two full rows of three on large screens per page of the grid. */
const ADMIN_PAGE_SIZE = 24;
/** The grid's first page, as the page fetches it on the server. */
export const ADMIN_FIRST_PAGE = { limit: ADMIN_PAGE_SIZE };
/** The list routes' largest page, for the lists a dialog needs whole (walked with everyPage). */
const PAGE_LIMIT = 100;

/** The project grid, newest first, a keyset page at a time (Load more). */
export const useProjects = (first?: FirstPage<Project>) =>
  useInfiniteQuery(
    keysetListOptions({
      queryKey: [...PROJECTS, "admin"],
      page: (cursor) => keysetPage<Project>(api.projects.get({ query: { ...ADMIN_FIRST_PAGE, cursor } })),
      first,
    }),
  );

/**
 * The challenges that already have a project (the Archive Challenge dialog marks them): every project's link, read
 * only while the dialog is open — the grid holds a page at a time, so it cannot tell.
 */
export const useArchivedChallengeIds = (enabled: boolean) =>
  useQuery({
    queryKey: [...PROJECTS, "archived-challenges"],
    queryFn: async () => {
      const projects = await everyPage((cursor) => api.projects.get({ query: { limit: PAGE_LIMIT, cursor } }));
      return new Set(projects.flatMap((p) => (p.challengeId ? [p.challengeId] : [])));
    },
    enabled,
  });

/** SPEC §2 Archive Challenge dialog: only COMPLETED challenges can be archived (GET /api/challenges?status=COMPLETED). */
export const useCompletedChallenges = () =>
  useQuery({
    queryKey: COMPLETED_CHALLENGES,
    queryFn: () =>
      everyPage<Challenge>((cursor) => api.challenges.get({ query: { status: "COMPLETED", limit: PAGE_LIMIT, cursor } })),
  });

function useProjectsMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: PROJECTS }) });
}

export const useCreateProject = () => useProjectsMutation((body: ProjectInput) => unwrap(api.projects.post(body)));
export const useUpdateProject = () =>
  useProjectsMutation(({ id, body }: { id: string; body: ProjectUpdate }) => unwrap(api.projects({ id }).patch(body)));
export const useDeleteProject = () => useProjectsMutation((id: string) => unwrap(api.projects({ id }).delete()));
/**
 * POST /api/challenges/{id}/archive (SPEC §7): creates the project, and draft resources when asked; seeded from a
 * chosen submission when one is given (decision 019).
 */
export const useArchiveChallenge = () =>
  useProjectsMutation(({ id, ...body }: { id: string; spawnResources: boolean; submissionId?: string }) =>
    unwrap(api.challenges({ id }).archive.post(body)),
  );

export type { UploadKind } from "../uploads/upload";
