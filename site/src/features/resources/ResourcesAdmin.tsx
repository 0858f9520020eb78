// Resource Management (SPEC §2 Admin resources, §4, §5, §8 resource toasts): the grid (six skeletons while loading),
// Subscription Settings, Create / Edit dialogs, delete confirmation. Every successful change refreshes the grid.
import { useState } from "react";
import type { Resource } from "@api/modules/resources/schema";
import { DEFAULT_ANNUAL_PRICE } from "@api/modules/settings/schema";
import { withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import { PlusIcon } from "../admin/icons";
import ResourceCard from "./ResourceCard";
import ResourceFormDialog from "./ResourceFormDialog";
import SubscriptionSettingsDialog from "./SubscriptionSettingsDialog";
import { resourcePayload, type ResourceFormMode, type ResourceFormValues } from "./resource-form";
import { uploadFile } from "../uploads/upload";
import {
  useCreateResource,
  useDeleteResource,
  useProjectOptions,
  useResources,
  useSaveSubscriptionSettings,
  useSubscriptionSettings,
  useUpdateResource,
} from "./resources.queries";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";

/** SPEC §9: six skeleton cards while the list loads (fixed keys: the placeholders never reorder). */
const SKELETONS = ["s1", "s2", "s3", "s4", "s5", "s6"];

type Props = { upload?: (file: File, kind: "image" | "pdf") => Promise<string> };

function ResourcesAdmin({ upload = uploadFile }: Props) {
  const resourcesQuery = useResources();
  const settingsQuery = useSubscriptionSettings();
  const projectsQuery = useProjectOptions();
  const createResource = useCreateResource();
  const updateResource = useUpdateResource();
  const deleteResource = useDeleteResource();
  const saveSettings = useSaveSubscriptionSettings();
  const [form, setForm] = useState<ResourceFormMode | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const resources = resourcesQuery.data ?? [];

  const save = (mode: ResourceFormMode, values: ResourceFormValues) => {
    const body = resourcePayload(values);
    return mode.kind === "create" ? createResource.mutateAsync(body) : updateResource.mutateAsync({ id: mode.resource.id, body });
  };

  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-page-title" className="text-2xl font-bold md:text-3xl">
            Resource Management
          </h1>
          <p className="mt-1 opacity-70">Free and premium tools, research, templates and best practices.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setSettingsOpen(true)}>
            Subscription Settings
          </Button>
          <Button onClick={() => setForm({ kind: "create" })}>
            <PlusIcon className="h-4 w-4" />
            Create Resource
          </Button>
        </div>
      </div>

      {resourcesQuery.isPending ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading resources">
          {SKELETONS.map((key) => (
            <div key={key} className="skeleton h-56 w-full" data-testid="resource-skeleton" />
          ))}
        </div>
      ) : resourcesQuery.isError && !resourcesQuery.data ? (
        <div className="py-10 text-center">
          <p className="text-error">Failed to load resources. Please try again later.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void resourcesQuery.refetch()}>
            Retry
          </Button>
        </div>
      ) : resources.length === 0 ? (
        <p className="py-10 text-center opacity-70">No resources yet. Create the first one.</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {resources.map((resource) => (
            <ResourceCard
              key={resource.id}
              resource={resource}
              actions={
                <RowActions
                  name={resource.title}
                  onEdit={() => setForm({ kind: "edit", resource })}
                  onDelete={() => setDeleting(resource)}
                />
              }
            />
          ))}
        </div>
      )}

      {/* Mounted only while open: closing discards the values, so the next opening starts at FREE (SPEC §4). */}
      {form && (
        <ResourceFormDialog
          key={form.kind === "edit" ? form.resource.id : "create"}
          mode={form}
          projects={projectsQuery.data ?? []}
          upload={upload}
          onSave={(values) => save(form, values)}
          onClose={() => setForm(null)}
        />
      )}

      {settingsOpen && (
        <SubscriptionSettingsDialog
          annualPrice={settingsQuery.data?.annualPrice ?? DEFAULT_ANNUAL_PRICE}
          freeCount={resources.filter((r) => r.accessLevel === "FREE").length}
          premiumCount={resources.filter((r) => r.accessLevel === "PREMIUM").length}
          onSave={(annualPrice) => saveSettings.mutateAsync({ annualPrice })}
          onClose={() => setSettingsOpen(false)}
        />
      )}

      {deleting && (
        <ConfirmDeleteDialog
          onDelete={() => deleteResource.mutateAsync(deleting.id)}
          failure={{ title: "Failed to delete resource", fallback: "Please try again" }}
          onDeleted={() => toast({ title: "Resource deleted successfully" })}
          onClose={() => setDeleting(null)}
        >
          This will permanently delete this resource. This action cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </section>
  );
}

export default withQueries(ResourcesAdmin);
