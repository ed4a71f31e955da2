// Words and figures of the question bank view, shared by its list and its item dialog.
import type { ItemStatus } from "../../../../shared/question-bank-schemas.ts";
import type { BadgeTone } from "../../components/ui/badge.tsx";
import type { RouterOutputs } from "../../trpc.ts";

export type BankItem = RouterOutputs["admin"]["questionBank"]["list"]["items"][number];
type Flag = BankItem["flags"][number];

export const STATUS_LABELS: Record<ItemStatus, { label: string; tone: BadgeTone }> = {
  live: { label: "In use", tone: "green" },
  pending: { label: "Waiting for review", tone: "amber" },
  retired: { label: "Retired", tone: "neutral" },
};
/**
 * An item's status badge. An approved AI item is reviewed but is not drawn into the bank's tests
 * (only the AI test that generated it served it), so it does not read "In use".
 */
export function statusBadge(item: Pick<BankItem, "status" | "source">) {
  if (item.status === "live" && item.source === "ai") return { label: "Reviewed", tone: "blue" as BadgeTone };
  return STATUS_LABELS[item.status];
}

export const FLAG_LABELS: Record<Flag, string> = {
  "too-easy": "Too easy for its level",
  "too-hard": "Too hard for its level",
  "negative-discrimination": "Negative discrimination",
};

export const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);
export const decimal = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));
export const answers = (n: number) => `${n} ${n === 1 ? "answer" : "answers"}`;

export function formatFacility(item: BankItem) {
  return item.stats.served ? `${percent(item.stats.facility)} of ${answers(item.stats.served)}` : "Not answered yet";
}
export function formatDiscrimination(item: BankItem) {
  return item.stats.discrimination === null
    ? item.stats.served
      ? "Not enough variation yet"
      : "–"
    : `${decimal(item.stats.discrimination)} (${answers(item.stats.discriminationAnswers)})`;
}
