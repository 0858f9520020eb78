// Admin challenges (SPEC §2 Admin challenges, §8 toasts): every challenge including drafts as a grid of cards with
// Applications, Edit and Delete; the create/edit dialog; the delete confirmation; the applications review.
import { useState } from "react";
import type { Challenge } from "@api/modules/challenges/schema";
import { withQueries } from "../../lib/query";
import { formatDay } from "../../lib/format";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import Modal from "../../components/ui/Modal";
import { PlusIcon } from "../admin/icons";
import ChallengeStatusBadge from "./ChallengeStatusBadge";
import { DEFAULT_CHALLENGE_IMAGE } from "./ChallengeCard";
import ChallengeFormDialog from "./ChallengeFormDialog";
import { uploadFile } from "../uploads/upload";
import { challengePayload, type ChallengeFormValues } from "./challenge-form";
import { useCreateChallenge, useDeleteChallenge, useManagedChallenges, useUpdateChallenge } from "./challenges.queries";
import { ApplicationsReviewList } from "../applications/ApplicationsReview";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";

type FormState = { kind: "create" } | { kind: "edit"; challenge: Challenge };

function SkeletonCard() {
  return (
    <div className="card border border-base-300 bg-base-200" aria-hidden="true" data-testid="challenge-skeleton">
      <div className="skeleton aspect-[16/9] rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-5 w-2/3" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-1/2" />
      </div>
    </div>
  );
}

function ChallengesAdmin() {
  const challenges = useManagedChallenges();
  const createChallenge = useCreateChallenge();
  const updateChallenge = useUpdateChallenge();
  const deleteChallenge = useDeleteChallenge();
  const [form, setForm] = useState<FormState | null>(null);
  const [deleting, setDeleting] = useState<Challenge | null>(null);
  const [reviewing, setReviewing] = useState<Challenge | null>(null);
  const items = challenges.data?.pages.flatMap((page) => page.items) ?? [];

  const save = (mode: FormState, values: ChallengeFormValues) => {
    const body = challengePayload(values);
    return mode.kind === "create"
      ? createChallenge.mutateAsync(body)
      : updateChallenge.mutateAsync({ id: mode.challenge.id, body });
  };

  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-page-title" className="text-2xl font-bold md:text-3xl">
            Challenge Management
          </h1>
          <p className="mt-1 opacity-70">Create and edit challenges, review applications.</p>
        </div>
        <Button onClick={() => setForm({ kind: "create" })}>
          <PlusIcon className="h-4 w-4" />
          Create Challenge
        </Button>
      </div>

      {challenges.isPending ? (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading challenges">
          {["a", "b", "c", "d", "e", "f"].map((slot) => (
            <SkeletonCard key={slot} />
          ))}
        </div>
      ) : challenges.isError && items.length === 0 ? (
        <div className="py-10 text-center">
          <p className="text-error">Failed to load challenges. Please try again later.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void challenges.refetch()}>
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="py-10 text-center opacity-70">No challenges yet. Create the first one.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((challenge) => (
            <li key={challenge.id}>
              <article className="card h-full border border-base-300 bg-base-200 shadow-sm" data-testid="admin-challenge-card">
                <figure className="aspect-[16/9] overflow-hidden">
                  <img
                    src={challenge.imageUrl ?? DEFAULT_CHALLENGE_IMAGE}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                </figure>
                <div className="card-body gap-3">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="card-title text-lg">{challenge.title}</h2>
                    <ChallengeStatusBadge status={challenge.status} />
                  </div>
                  <p className="line-clamp-2 opacity-80">{challenge.description}</p>
                  <p className="text-sm opacity-70">
                    <time dateTime={challenge.startDate}>{formatDay(challenge.startDate)}</time>
                    {challenge.endDate && (
                      <>
                        {" – "}
                        <time dateTime={challenge.endDate}>{formatDay(challenge.endDate)}</time>
                      </>
                    )}
                    {" · "}
                    {challenge.participantCount} {challenge.participantCount === 1 ? "participant" : "participants"}
                  </p>
                  <div className="card-actions mt-auto items-center justify-between">
                    <Button variant="outline" size="sm" onClick={() => setReviewing(challenge)}>
                      Applications
                    </Button>
                    <span className="flex gap-1">
                      <RowActions
                        name={challenge.title}
                        onEdit={() => setForm({ kind: "edit", challenge })}
                        onDelete={() => setDeleting(challenge)}
                      />
                    </span>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {challenges.hasNextPage && (
        <div className="text-center">
          <Button
            variant="outline"
            busy={challenges.isFetchingNextPage}
            busyLabel="Loading..."
            onClick={() => void challenges.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}

      {/* Mounted only while open: a fresh form each time. */}
      {form && (
        <ChallengeFormDialog
          key={form.kind === "edit" ? form.challenge.id : "create"}
          challenge={form.kind === "edit" ? form.challenge : undefined}
          upload={uploadFile}
          onSave={(values) => save(form, values)}
          onClose={() => setForm(null)}
        />
      )}

      {deleting && (
        <ConfirmDeleteDialog
          onDelete={() => deleteChallenge.mutateAsync(deleting.id)}
          failure={{ title: "Failed to delete challenge", fallback: "Please try again" }}
          onDeleted={() => toast({ title: "Challenge deleted successfully" })}
          onClose={() => setDeleting(null)}
        >
          This will permanently delete <strong>{deleting.title}</strong> and all its applications. This action cannot be undone.
        </ConfirmDeleteDialog>
      )}

      {reviewing && (
        <Modal
          open
          wide
          onClose={() => setReviewing(null)}
          title={`Applications: ${reviewing.title}`}
          actions={
            <Button variant="ghost" onClick={() => setReviewing(null)}>
              Close
            </Button>
          }
        >
          <ApplicationsReviewList challengeId={reviewing.id} challengeTitle={reviewing.title} />
        </Modal>
      )}
    </section>
  );
}

export default withQueries(ChallengesAdmin);
