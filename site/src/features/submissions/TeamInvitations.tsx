// A member's open team invitations on /dashboard (decision 019): accept (join the team; the workspace opens) or decline.
import { useState } from "react";
import type { MyInvitation } from "@api/modules/submissions/schema";
import Button from "../../components/ui/Button";
import { api, unwrap } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { toast } from "../../stores/toast";

export default function TeamInvitations({ invitations: first }: { invitations: MyInvitation[] }) {
  const [invitations, setInvitations] = useState(first);
  const [busy, setBusy] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  async function answer(invitation: MyInvitation, accept: boolean) {
    if (busy) return;
    setBusy(invitation.id);
    try {
      const mine = api["my-invitations"]({ id: invitation.id });
      if (accept) {
        await unwrap(mine.accept.post());
        toast({ title: "You joined the team", description: invitation.challenge.title });
        window.location.assign(`/challenges/${invitation.challenge.id}/submission`);
        return;
      }
      await unwrap(mine.decline.post());
      toast({ title: "Invitation declined" });
      setInvitations((list) => list.filter((i) => i.id !== invitation.id));
    } catch (error) {
      failureToast(error, "Please try again", accept ? "Could not join the team" : "Could not decline");
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="invitations-heading" className="mt-8">
      <h2 id="invitations-heading" className="text-xl font-bold">
        Team invitations
      </h2>
      <ul className="mt-3 space-y-3">
        {invitations.map((i) => (
          <li key={i.id} className="alert flex flex-wrap justify-between" data-testid="team-invitation">
            <span>
              <strong>{i.invitedBy.name}</strong> invites you to their team for <strong>{i.challenge.title}</strong> ({i.members}{" "}
              {i.members === 1 ? "member" : "members"} so far).
            </span>
            <span className="flex gap-2">
              <Button size="sm" busy={busy === i.id} busyLabel="Joining..." onClick={() => answer(i, true)}>
                Accept
              </Button>
              <Button size="sm" variant="ghost" disabled={busy === i.id} onClick={() => answer(i, false)}>
                Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
