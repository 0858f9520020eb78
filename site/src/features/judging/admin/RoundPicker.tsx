// Which round a tab of the admin Judging dialog shows: the rounds it applies to, by position, name and state.
import type { Round } from "@api/modules/judging/schema";
import Select from "../../../components/ui/Select";

const STATE_WORD: Record<Round["state"], string> = { DRAFT: "draft", OPEN: "open", CLOSED: "closed", PUBLISHED: "published" };

export default function RoundPicker({
  rounds,
  value,
  onChange,
}: {
  rounds: Round[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <Select
      label="Round"
      className="max-w-md"
      options={rounds.map((r) => ({ value: r.id, label: `${r.position}. ${r.name} (${STATE_WORD[r.state]})` }))}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
