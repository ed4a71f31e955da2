// The AI test's honest label: its generated items are served before any teacher has read them,
// so the test is practice only. Said in the runner and on the results.
import { Badge } from "../../components/ui/badge.tsx";
import { useT } from "../../lib/i18n.tsx";

export function AiUnreviewedBadge() {
  const t = useT();
  return (
    <Badge tone="amber" className="mr-2 align-middle">
      {t("quiz.ai.unreviewed")}
    </Badge>
  );
}
