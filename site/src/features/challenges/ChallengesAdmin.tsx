// Admin challenges (SPEC §2 Admin challenges, §8 toasts): every challenge including drafts as a grid of cards with
// Applications, Deliverables, Edit and Delete; the create/edit dialog; the delete confirmation; the applications review;
// the deliverables the challenge asks for (decision 019).
import type { Challenge } from "@api/modules/challenges/schema";
import { type FirstPage, listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import Modal from "../../components/ui/Modal";
import { PlusIcon } from "../admin/icons";
import AdminListScreen, { ADMIN_GRID } from "../admin/AdminListScreen";
import { useCrudDialogs } from "../admin/use-crud-dialogs";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";
import ChallengeAdminCard, { ChallengeAdminSkeleton } from "./ChallengeAdminCard";
import ChallengeFormDialog from "./ChallengeFormDialog";
import { challengePayload, type ChallengeFormValues } from "./challenge-form";
import { useCreateChallenge, useDeleteChallenge, useManagedChallenges, useUpdateChallenge } from "./challenges.queries";
import { ApplicationsReviewList } from "../applications/ApplicationsReview";
import { lazy, Suspense } from "react";
import Spinner from "../../components/ui/Spinner";

// Loaded when its dialog first opens: the grid does not carry the deliverables form (~4 KB) until someone asks for it.
const DeliverablesManager = lazy(() => import("../deliverables/DeliverablesManager"));

function ChallengesAdmin({ first }: { first?: FirstPage<Challenge> }) {
  const challenges = useManagedChallenges(first);
  const createChallenge = useCreateChallenge();
  const updateChallenge = useUpdateChallenge();
  const deleteChallenge = useDeleteChallenge();
  const dialogs = useCrudDialogs<Challenge, "applications" | "deliverables">();
  const { deleting } = dialogs;
  const items = listItems(challenges.data);
  const reviewing = dialogs.shown("applications")?.row;
  const defining = dialogs.shown("deliverables")?.row;

  const save = (challenge: Challenge | undefined, values: ChallengeFormValues) => {
    const body = challengePayload(values);
    return challenge ? updateChallenge.mutateAsync({ id: challenge.id, body }) : createChallenge.mutateAsync(body);
  };

  return (
    <AdminListScreen
      title="Challenge Management"
      description="Create and edit challenges, review applications."
      actions={
        <Button onClick={dialogs.create}>
          <PlusIcon className="h-4 w-4" />
          Create Challenge
        </Button>
      }
      query={challenges}
      empty={items.length === 0}
      texts={{
        loading: "Loading challenges",
        failed: "Failed to load challenges. Please try again later.",
        empty: "No challenges yet. Create the first one.",
      }}
      skeleton={<ChallengeAdminSkeleton />}
      after={
        <>
          {dialogs.form && (
            <ChallengeFormDialog
              challenge={dialogs.form.row}
              onSave={(values) => save(dialogs.form?.row, values)}
              onClose={dialogs.close}
            />
          )}
          {deleting && (
            <ConfirmDeleteDialog
              onDelete={() => deleteChallenge.mutateAsync(deleting.id)}
              failure={{ title: "Failed to delete challenge", fallback: "Please try again" }}
              onDeleted={() => toast({ title: "Challenge deleted successfully" })}
              onClose={dialogs.close}
            >
              This will permanently delete <strong>{deleting.title}</strong> and all its applications. This action cannot be
              undone.
            </ConfirmDeleteDialog>
          )}
          {reviewing && (
            <Modal
              open
              wide
              onClose={dialogs.close}
              title={`Applications: ${reviewing.title}`}
              actions={
                <Button variant="ghost" onClick={dialogs.close}>
                  Close
                </Button>
              }
            >
              <ApplicationsReviewList challengeId={reviewing.id} challengeTitle={reviewing.title} />
            </Modal>
          )}
          {defining && (
            <Modal
              open
              wide
              onClose={dialogs.close}
              title={`Deliverables: ${defining.title}`}
              actions={
                <Button variant="ghost" onClick={dialogs.close}>
                  Close
                </Button>
              }
            >
              <Suspense fallback={<Spinner label="Loading deliverables" />}>
                <DeliverablesManager challengeId={defining.id} challengeTitle={defining.title} />
              </Suspense>
            </Modal>
          )}
        </>
      }
    >
      <ul className={ADMIN_GRID}>
        {items.map((challenge) => (
          <li key={challenge.id} className="min-w-0">
            <ChallengeAdminCard
              challenge={challenge}
              actions={
                <>
                  <span className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => dialogs.show("applications", challenge)}>
                      Applications
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => dialogs.show("deliverables", challenge)}>
                      Deliverables
                    </Button>
                  </span>
                  <span className="flex gap-1">
                    <RowActions {...dialogs.rowActions(challenge, challenge.title)} />
                  </span>
                </>
              }
            />
          </li>
        ))}
      </ul>
    </AdminListScreen>
  );
}

export default withQueries(ChallengesAdmin);
