// The teacher's week view of free times (admin/teacher-week-picker.tsx, issue 32): the specs that
// book or move a lesson pick a time on it, paging week by week until the day is shown.
import { expect, type Locator } from "@playwright/test";
import { DateTime } from "luxon";

/** The instant of `time` ("07:00") on `day` ("2026-12-29") in Milano, as the grid's slot ids write it. */
export const romeInstant = (day: string, time: string) =>
  DateTime.fromISO(`${day}T${time}`, { zone: "Europe/Rome" }).toUTC().toISO() as string;

/** Chooses that time on the dialog's week view (a free time of the teacher's, else the test fails). */
export function pickFreeTime(dialog: Locator, day: string, time: string) {
  return pickInstant(dialog, romeInstant(day, time));
}

/** Chooses the free time starting at `instant` (an ISO instant in UTC, milliseconds included), paging to its week. */
export async function pickInstant(dialog: Locator, instant: string) {
  const slot = dialog.locator(`[data-slot-id="${instant}"]:visible`);
  const week = dialog.getByTestId("free-times-week");
  for (let shown = 0; shown < 12; shown += 1) {
    await expect(week).toHaveAttribute("aria-busy", "false");
    if ((await slot.count()) > 0) break;
    const range = dialog.getByTestId("free-times-range");
    const before = (await range.textContent()) ?? "";
    // The week shown first is the lesson's: the time wanted may lie in an earlier week.
    const weekStart = (await range.getAttribute("data-week-start")) ?? "";
    const isEarlier = (DateTime.fromISO(instant).setZone("Europe/Rome").toISODate() ?? "") < weekStart;
    await dialog.getByTestId(isEarlier ? "free-times-previous" : "free-times-next").click();
    await expect(range).not.toHaveText(before);
  }
  await slot.click();
  await expect(slot).toHaveAttribute("aria-pressed", "true");
}
