// The admin's Judging dialog of one challenge (decision 021: rounds, panel, results), inside the admin challenges
// screen's Judging dialog and loaded only when it opens (the screen's own JavaScript stays within its budget). One tab
// per part of the work, in the order an admin meets it; every tab is part of this one lazy chunk (no further split).
import { useId, useState } from "react";
import Tabs, { tabId } from "../../../components/ui/Tabs";
import AssignmentsSection from "./AssignmentsSection";
import AwardsSection from "./AwardsSection";
import EligibilitySection from "./EligibilitySection";
import JudgesSection from "./JudgesSection";
import ResultsSection from "./ResultsSection";
import RoundsSection from "./RoundsSection";

const TABS = [
  { value: "rounds", label: "Rounds" },
  { value: "eligibility", label: "Eligibility" },
  { value: "judges", label: "Judges" },
  { value: "assignments", label: "Assignments" },
  { value: "results", label: "Results" },
  { value: "awards", label: "Awards" },
] as const;
type Tab = (typeof TABS)[number]["value"];

function Panel({ tab, challengeId }: { tab: Tab; challengeId: string }) {
  switch (tab) {
    case "rounds":
      return <RoundsSection challengeId={challengeId} />;
    case "eligibility":
      return <EligibilitySection challengeId={challengeId} />;
    case "judges":
      return <JudgesSection challengeId={challengeId} />;
    case "assignments":
      return <AssignmentsSection challengeId={challengeId} />;
    case "results":
      return <ResultsSection challengeId={challengeId} />;
    case "awards":
      return <AwardsSection challengeId={challengeId} />;
  }
}

export default function JudgingAdmin({ challengeId, challengeTitle }: { challengeId: string; challengeTitle: string }) {
  const [tab, setTab] = useState<Tab>("rounds");
  const idPrefix = `judging-${useId().replace(/:/g, "")}`;
  const panelId = `${idPrefix}-panel`;
  return (
    <section aria-label={`Judging for ${challengeTitle}`} className="flex flex-col gap-3">
      <Tabs label="Judging" idPrefix={idPrefix} panelId={panelId} tabs={TABS} value={tab} onChange={setTab} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(idPrefix, tab)}>
        <Panel tab={tab} challengeId={challengeId} />
      </div>
    </section>
  );
}
