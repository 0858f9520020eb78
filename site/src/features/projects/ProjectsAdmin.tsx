// Project Management (SPEC §2 Admin projects, §5, §8 project toasts): the project grid, Create Project and Edit
// dialogs, delete confirmation, and the Archive Challenge dialog. Every successful change refreshes the grid, which
// pages by keyset (Load more).
import type { Project } from "@api/modules/projects/schema";
import { type FirstPage, listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import { PlusIcon } from "../admin/icons";
import AdminListScreen, { ADMIN_GRID } from "../admin/AdminListScreen";
import { useCrudDialogs } from "../admin/use-crud-dialogs";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";
import ProjectCard from "./ProjectCard";
import ProjectFormDialog from "./ProjectFormDialog";
import ArchiveChallengeDialog from "./ArchiveChallengeDialog";
import { projectPayload, type ProjectFormValues } from "./project-form";
import {
  useArchiveChallenge,
  useArchivedChallengeIds,
  useCompletedChallenges,
  useCreateProject,
  useDeleteProject,
  useProjects,
  useUpdateProject,
} from "./projects.queries";

/** Archiving is a challenges-section call: without that section the button is shown disabled. */
function ProjectsAdmin({ canArchive, first }: { canArchive: boolean; first?: FirstPage<Project> }) {
  const projectsQuery = useProjects(first);
  const challengesQuery = useCompletedChallenges();
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const deleteProject = useDeleteProject();
  const archiveChallenge = useArchiveChallenge();
  const dialogs = useCrudDialogs<Project, "archive">();
  const { deleting } = dialogs;

  const projects = listItems(projectsQuery.data);
  const completed = challengesQuery.data ?? [];
  const archivedIds = useArchivedChallengeIds(Boolean(dialogs.shown("archive")));

  const save = (project: Project | undefined, values: ProjectFormValues) => {
    const body = projectPayload(values);
    return project ? updateProject.mutateAsync({ id: project.id, body }) : createProject.mutateAsync(body);
  };

  return (
    <AdminListScreen
      title="Project Management"
      description="Publish completed projects, their white papers and what the teams learned."
      actions={
        <>
          <Button
            variant="outline"
            disabled={!canArchive}
            title={canArchive ? undefined : "Archiving needs the Challenges section"}
            onClick={() => dialogs.show("archive")}
          >
            Archive Challenge
          </Button>
          <Button onClick={dialogs.create}>
            <PlusIcon className="h-4 w-4" />
            Create Project
          </Button>
        </>
      }
      query={projectsQuery}
      empty={projects.length === 0}
      texts={{
        loading: "Loading projects",
        failed: "Failed to load projects. Please try again later.",
        empty: "No projects yet. Create one or archive a completed challenge.",
      }}
      after={
        <>
          {dialogs.form && (
            <ProjectFormDialog
              project={dialogs.form.row}
              challenges={completed.map((c) => ({ id: c.id, title: c.title }))}
              onSave={(values) => save(dialogs.form?.row, values)}
              onClose={dialogs.close}
            />
          )}
          {dialogs.shown("archive") && (
            <ArchiveChallengeDialog
              challenges={completed.map((c) => ({ id: c.id, title: c.title, archived: archivedIds.data?.has(c.id) ?? false }))}
              loading={challengesQuery.isPending || archivedIds.isPending}
              failed={challengesQuery.isError || archivedIds.isError}
              onArchive={(choice) => archiveChallenge.mutateAsync(choice)}
              onClose={dialogs.close}
            />
          )}
          {deleting && (
            <ConfirmDeleteDialog
              onDelete={() => deleteProject.mutateAsync(deleting.id)}
              failure={{ title: "Failed to delete project" }}
              onDeleted={() => toast({ title: "Project deleted successfully" })}
              onClose={dialogs.close}
            >
              This will permanently delete the project "{deleting.title}" and its resources. This action cannot be undone.
            </ConfirmDeleteDialog>
          )}
        </>
      }
    >
      <div className={ADMIN_GRID}>
        {projects.map((project) => (
          <ProjectCard
            key={project.id}
            project={project}
            headingLevel={2}
            actions={<RowActions {...dialogs.rowActions(project, project.title)} />}
          />
        ))}
      </div>
    </AdminListScreen>
  );
}

export default withQueries(ProjectsAdmin);
