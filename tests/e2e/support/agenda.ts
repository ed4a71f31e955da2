// The teacher's agenda, as the specs that act on a lesson of last week (attendance, reports) reach it.
import { expect, type Page } from "@playwright/test";

/** The demo student's lesson of seven days ago (prisma/seed.ts), in last week's agenda. */
export async function lastWeeksLesson(page: Page, words: { thisWeek: string; previousWeek: string }) {
  await page.getByRole("button", { name: words.thisWeek }).click();
  await page.getByRole("button", { name: words.previousWeek }).click();
  const card = page.getByRole("article").filter({ hasText: "Sofia Bianchi" });
  await expect(card).toHaveCount(1);
  return card;
}
