// The admin's Judging dialog of one challenge (decision 021: rounds, panel, results), inside the admin challenges
// screen's Judging dialog and loaded only when it opens (the screen's own JavaScript stays within its budget). One tab
// per part of the work, in the order an admin meets it.
import { useId, useState } from "react";
import Tabs, { tabId } from "../../../components/ui/Tabs";
import EligibilitySection from "./EligibilitySection";
import RoundsSection from "./RoundsSection";

const TABS = [
  { value: "rounds", label: "Rounds" },
  { value: "eligibility", label: "Eligibility" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export default function JudgingAdmin({ challengeId, challengeTitle }: { challengeId: string; challengeTitle: string }) {
  const [tab, setTab] = useState<Tab>("rounds");
  const idPrefix = `judging-${useId().replace(/:/g, "")}`;
  const panelId = `${idPrefix}-panel`;
  return (
    <section aria-label={`Judging for ${challengeTitle}`} className="flex flex-col gap-3">
      <Tabs label="Judging" idPrefix={idPrefix} panelId={panelId} tabs={TABS} value={tab} onChange={setTab} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(idPrefix, tab)}>
        {tab === "rounds" ? <RoundsSection challengeId={challengeId} /> : <EligibilitySection challengeId={challengeId} />}
      </div>
    </section>
  );
}
