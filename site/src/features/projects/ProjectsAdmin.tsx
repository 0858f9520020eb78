// Project Management (SPEC §2 Admin projects, §5, §8 project toasts): the project grid, Create Project and Edit
// dialogs, delete confirmation, and the Archive Challenge dialog. Every successful change refreshes the grid.
import { useMemo, useState } from "react";
import type { Project } from "@api/modules/projects/schema";
import { withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import { PlusIcon } from "../admin/icons";
import ProjectCard from "./ProjectCard";
import ProjectFormDialog from "./ProjectFormDialog";
import ArchiveChallengeDialog from "./ArchiveChallengeDialog";
import { projectPayload, type ProjectFormMode, type ProjectFormValues } from "./project-form";
import { uploadFile } from "../uploads/upload";
import {
  useArchiveChallenge,
  useCompletedChallenges,
  useCreateProject,
  useDeleteProject,
  useProjects,
  useUpdateProject,
  type UploadKind,
} from "./projects.queries";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";

type Props = {
  /** Archiving is a challenges-section call: without that section the button is shown disabled. */
  canArchive: boolean;
  /** Injected for tests; defaults to the one upload call. */
  upload?: (file: File, kind: UploadKind) => Promise<string>;
};

function ProjectsAdmin({ canArchive, upload = uploadFile }: Props) {
  const projectsQuery = useProjects();
  const challengesQuery = useCompletedChallenges();
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const deleteProject = useDeleteProject();
  const archiveChallenge = useArchiveChallenge();
  const [form, setForm] = useState<ProjectFormMode | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [archiving, setArchiving] = useState(false);

  const projects = projectsQuery.data ?? [];
  const completed = challengesQuery.data ?? [];
  const archivedIds = useMemo(() => new Set(projects.map((p) => p.challengeId).filter(Boolean)), [projects]);
  const archiveOptions = completed.map((c) => ({ id: c.id, title: c.title, archived: archivedIds.has(c.id) }));

  const save = (mode: ProjectFormMode, values: ProjectFormValues) => {
    const body = projectPayload(values);
    return mode.kind === "create" ? createProject.mutateAsync(body) : updateProject.mutateAsync({ id: mode.project.id, body });
  };

  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-page-title" className="text-2xl font-bold md:text-3xl">
            Project Management
          </h1>
          <p className="mt-1 opacity-70">Publish completed projects, their white papers and what the teams learned.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!canArchive}
            title={canArchive ? undefined : "Archiving needs the Challenges section"}
            onClick={() => setArchiving(true)}
          >
            Archive Challenge
          </Button>
          <Button onClick={() => setForm({ kind: "create" })}>
            <PlusIcon className="h-4 w-4" />
            Create Project
          </Button>
        </div>
      </div>

      {projectsQuery.isPending ? (
        <p className="py-10 text-center opacity-70" role="status">
          Loading projects...
        </p>
      ) : projectsQuery.isError && !projectsQuery.data ? (
        <div className="py-10 text-center">
          <p className="text-error">Failed to load projects. Please try again later.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void projectsQuery.refetch()}>
            Retry
          </Button>
        </div>
      ) : projects.length === 0 ? (
        <p className="py-10 text-center opacity-70">No projects yet. Create one or archive a completed challenge.</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              actions={
                <RowActions
                  name={project.title}
                  onEdit={() => setForm({ kind: "edit", project })}
                  onDelete={() => setDeleting(project)}
                />
              }
            />
          ))}
        </div>
      )}

      {/* Mounted only while open: a fresh form each time, and one dialog in the page at once. */}
      {form && (
        <ProjectFormDialog
          key={form.kind === "edit" ? form.project.id : "create"}
          mode={form}
          challenges={completed.map((c) => ({ id: c.id, title: c.title }))}
          upload={upload}
          onSave={(values) => save(form, values)}
          onClose={() => setForm(null)}
        />
      )}

      {archiving && (
        <ArchiveChallengeDialog
          challenges={archiveOptions}
          loading={challengesQuery.isPending}
          failed={challengesQuery.isError}
          onArchive={(choice) => archiveChallenge.mutateAsync(choice)}
          onClose={() => setArchiving(false)}
        />
      )}

      {deleting && (
        <ConfirmDeleteDialog
          onDelete={() => deleteProject.mutateAsync(deleting.id)}
          failure={{ title: "Failed to delete project" }}
          onDeleted={() => toast({ title: "Project deleted successfully" })}
          onClose={() => setDeleting(null)}
        >
          This will permanently delete the project "{deleting.title}" and its resources. This action cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </section>
  );
}

export default withQueries(ProjectsAdmin);
