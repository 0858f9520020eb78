// Admin challenges (SPEC §2 Admin challenges, §8 toasts): every challenge including drafts as a grid of cards with
// Applications, Deliverables, Submissions, Edit and Delete; the create/edit dialog; the delete confirmation; and one
// dialog per panel: the applications review, the deliverables the challenge asks for, the teams' submissions (decision 019),
// the judging (decision 021).
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

// Loaded when their dialog first opens: the grid does not carry the deliverables form (~4 KB) or the submissions view
// until someone asks for it.
const DeliverablesManager = lazy(() => import("../deliverables/DeliverablesManager"));
const SubmissionsAdmin = lazy(() => import("../submissions/SubmissionsAdmin"));
const JudgingAdmin = lazy(() => import("../judging/admin/JudgingAdmin"));

/** The panels a card opens, each in a wide dialog titled "<Panel>: <challenge>", in the cards' button order. */
const PANELS = {
  Applications: ApplicationsReviewList,
  Deliverables: DeliverablesManager,
  Submissions: SubmissionsAdmin,
  Judging: JudgingAdmin,
};
type Panel = keyof typeof PANELS;
const PANEL_NAMES = Object.keys(PANELS) as Panel[];

function ChallengesAdmin({ first }: { first?: FirstPage<Challenge> }) {
  const challenges = useManagedChallenges(first);
  const createChallenge = useCreateChallenge();
  const updateChallenge = useUpdateChallenge();
  const deleteChallenge = useDeleteChallenge();
  const dialogs = useCrudDialogs<Challenge, Panel>();
  const { deleting } = dialogs;
  const items = listItems(challenges.data);
  const panel = PANEL_NAMES.find((name) => dialogs.shown(name));
  const opened = panel && dialogs.shown(panel)?.row;
  const PanelView = panel && PANELS[panel];

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
          {PanelView && opened && (
            <Modal
              open
              wide
              onClose={dialogs.close}
              title={`${panel}: ${opened.title}`}
              actions={
                <Button variant="ghost" onClick={dialogs.close}>
                  Close
                </Button>
              }
            >
              <Suspense fallback={<Spinner label={`Loading ${panel.toLowerCase()}`} />}>
                <PanelView challengeId={opened.id} challengeTitle={opened.title} />
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
                    {PANEL_NAMES.map((name) => (
                      <Button key={name} variant="outline" size="sm" onClick={() => dialogs.show(name, challenge)}>
                        {name}
                      </Button>
                    ))}
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
