// The AI test's honest label: its generated items are served before any teacher has read them,
// so the test is practice only. Said in the runner and on the results.
import { Badge } from "../../components/ui/badge.tsx";

export const AI_UNREVIEWED_LABEL = "AI-generated, not reviewed";

export function AiUnreviewedBadge() {
  return (
    <Badge tone="amber" className="mr-2 align-middle">
      {AI_UNREVIEWED_LABEL}
    </Badge>
  );
}
