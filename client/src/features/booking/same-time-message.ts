// What one "Same time every week" did, as the schedule step says it.
import { dayLabels } from "./week.ts";

export type SameTimeFound = { added: number; skipped: string[]; isShort: boolean; remaining: number };

const monthDay = (key: string) => dayLabels(key).monthDay;

/** What one "Same time every week" did, in a sentence or two. */
export function sameTimeMessage(found: SameTimeFound): string {
  const parts = [
    found.added === 0
      ? "No more free lessons at that time in the following weeks."
      : `Added ${found.added} ${found.added === 1 ? "lesson" : "lessons"} at the same time in the following weeks.`,
  ];
  if (found.skipped.length > 0) {
    const list = found.skipped.map(monthDay);
    const days = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
    parts.push(`Skipped ${days}: that time is taken.`);
  }
  if (found.isShort && found.added > 0) {
    parts.push(`${found.remaining} more to pick: the booking window ends before that.`);
  }
  return parts.join(" ");
}
