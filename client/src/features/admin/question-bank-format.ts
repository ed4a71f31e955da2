// Words and figures of the question bank view, shared by its list and its item dialog.
import type { MessageKey, Translate } from "../../../../shared/i18n/messages.ts";
import type { ItemStatus } from "../../../../shared/question-bank-schemas.ts";
import type { BadgeTone } from "../../components/ui/badge.tsx";
import type { RouterOutputs } from "../../trpc.ts";

export type BankItem = RouterOutputs["admin"]["questionBank"]["list"]["items"][number];
type Flag = BankItem["flags"][number];

export const STATUS_LABELS: Record<ItemStatus, { label: MessageKey; tone: BadgeTone }> = {
  live: { label: "admin.qb.status.live", tone: "green" },
  pending: { label: "admin.qb.status.pending", tone: "amber" },
  retired: { label: "admin.qb.status.retired", tone: "neutral" },
};
/**
 * An item's status badge. An approved AI item is reviewed but is not drawn into the bank's tests
 * (only the AI test that generated it served it), so it does not read "In use".
 */
export function statusBadge(item: Pick<BankItem, "status" | "source">): { label: MessageKey; tone: BadgeTone } {
  if (item.status === "live" && item.source === "ai") return { label: "admin.qb.status.reviewed", tone: "blue" };
  return STATUS_LABELS[item.status];
}

export const FLAG_LABELS: Record<Flag, MessageKey> = {
  "too-easy": "admin.qb.flag.tooEasy",
  "too-hard": "admin.qb.flag.tooHard",
  "negative-discrimination": "admin.qb.flag.negative",
  "distractor-attracts-stronger": "admin.qb.flag.attractsStronger",
};

export const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);
export const decimal = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));
export const answers = (n: number, t: Translate) => t("admin.qb.answers", { count: n });

export function formatFacility(item: BankItem, t: Translate) {
  return item.stats.served
    ? t("admin.qb.facilityOf", { percent: percent(item.stats.facility), answers: answers(item.stats.served, t) })
    : t("admin.qb.notAnswered");
}
export function formatDiscrimination(item: BankItem, t: Translate) {
  return item.stats.discrimination === null
    ? item.stats.served
      ? t("admin.qb.notEnoughVariation")
      : "–"
    : t("admin.qb.discriminationOf", {
        value: decimal(item.stats.discrimination),
        answers: answers(item.stats.discriminationAnswers, t),
      });
}
