// Resource Management (SPEC §2 Admin resources, §4, §5, §8 resource toasts): the grid (six skeletons while loading),
// Subscription Settings, Create / Edit dialogs, delete confirmation. Every successful change refreshes the grid.
import type { Resource } from "@api/modules/resources/schema";
import { DEFAULT_ANNUAL_PRICE } from "@api/modules/settings/schema";
import { type FirstPage, listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import { PlusIcon } from "../admin/icons";
import AdminListScreen, { ADMIN_GRID } from "../admin/AdminListScreen";
import { useCrudDialogs } from "../admin/use-crud-dialogs";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";
import ResourceCard from "./ResourceCard";
import ResourceFormDialog from "./ResourceFormDialog";
import SubscriptionSettingsDialog from "./SubscriptionSettingsDialog";
import { resourcePayload, type ResourceFormValues } from "./resource-form";
import {
  useCreateResource,
  useDeleteResource,
  useProjectOptions,
  useResourceCounts,
  useResources,
  useSaveSubscriptionSettings,
  useSubscriptionSettings,
  useUpdateResource,
} from "./resources.queries";

function ResourcesAdmin({ first }: { first?: FirstPage<Resource> }) {
  const resourcesQuery = useResources(first);
  const settingsQuery = useSubscriptionSettings();
  const projectsQuery = useProjectOptions();
  const createResource = useCreateResource();
  const updateResource = useUpdateResource();
  const deleteResource = useDeleteResource();
  const saveSettings = useSaveSubscriptionSettings();
  const dialogs = useCrudDialogs<Resource, "settings">();
  const { deleting } = dialogs;
  const resources = listItems(resourcesQuery.data);
  const counts = useResourceCounts(dialogs.shown("settings") !== null).data;

  const save = (resource: Resource | undefined, values: ResourceFormValues) => {
    const body = resourcePayload(values);
    return resource ? updateResource.mutateAsync({ id: resource.id, body }) : createResource.mutateAsync(body);
  };

  return (
    <AdminListScreen
      title="Resource Management"
      description="Free and premium tools, research, templates and best practices."
      actions={
        <>
          <Button variant="outline" onClick={() => dialogs.show("settings")}>
            Subscription Settings
          </Button>
          <Button onClick={dialogs.create}>
            <PlusIcon className="h-4 w-4" />
            Create Resource
          </Button>
        </>
      }
      query={resourcesQuery}
      empty={resources.length === 0}
      texts={{
        loading: "Loading resources",
        failed: "Failed to load resources. Please try again later.",
        empty: "No resources yet. Create the first one.",
      }}
      skeleton={<div className="skeleton h-56 w-full" data-testid="resource-skeleton" />}
      after={
        <>
          {/* Mounted only while open: closing discards the values, so the next opening starts at FREE (SPEC §4). */}
          {dialogs.form && (
            <ResourceFormDialog
              resource={dialogs.form.row}
              projects={projectsQuery.data ?? []}
              onSave={(values) => save(dialogs.form?.row, values)}
              onClose={dialogs.close}
            />
          )}
          {dialogs.shown("settings") && (
            <SubscriptionSettingsDialog
              annualPrice={settingsQuery.data?.annualPrice ?? DEFAULT_ANNUAL_PRICE}
              freeCount={counts?.free}
              premiumCount={counts?.premium}
              onSave={(annualPrice) => saveSettings.mutateAsync({ annualPrice })}
              onClose={dialogs.close}
            />
          )}
          {deleting && (
            <ConfirmDeleteDialog
              onDelete={() => deleteResource.mutateAsync(deleting.id)}
              failure={{ title: "Failed to delete resource", fallback: "Please try again" }}
              onDeleted={() => toast({ title: "Resource deleted successfully" })}
              onClose={dialogs.close}
            >
              This will permanently delete this resource. This action cannot be undone.
            </ConfirmDeleteDialog>
          )}
        </>
      }
    >
      <div className={ADMIN_GRID}>
        {resources.map((resource) => (
          <ResourceCard
            key={resource.id}
            resource={resource}
            headingLevel={2}
            actions={<RowActions {...dialogs.rowActions(resource, resource.title)} />}
          />
        ))}
      </div>
    </AdminListScreen>
  );
}

export default withQueries(ResourcesAdmin);
