// Issue 17, item 8: the teacher's settings photo is previewed when chosen and stored only on
// Save Changes. Run: npm run build && E2E_PORT=3332 npx playwright test tests/e2e/settings-photo.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-settings-photo";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082",
  "hex",
);

const savedPhoto = async (page: Page) =>
  (
    (await (await page.request.get("/api/admin/settings")).json()) as {
      settings: { profile: { image_url: string | null } };
    }
  ).settings.profile.image_url;

test("a chosen photo is previewed, and stored only when Save Changes is clicked", async ({ page }, info) => {
  test.setTimeout(60_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInAsTeacher(page, { loginScreen: true });
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Profile Information" })).toBeVisible();
  const before = await savedPhoto(page);

  await page.locator("#profile-photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  const preview = page.getByRole("img", { name: "Preview of your new profile photo" });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^data:image\/png;base64,/);
  // The preview really shows (the page's CSP allows it): the image has decoded pixels.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText("New photo: stored when you click Save Changes.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-preview.png`, fullPage: false });
  // Nothing stored yet: not the settings, not the public teacher card.
  expect(await savedPhoto(page)).toBe(before);

  // "Keep current photo" drops the choice.
  await page.getByRole("button", { name: "Keep current photo" }).click();
  await expect(preview).toHaveCount(0);
  expect(await savedPhoto(page)).toBe(before);

  await page.locator("#profile-photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(preview).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!").first()).toBeVisible();
  const after = await savedPhoto(page);
  expect(after).toMatch(/^\/api\/files\/download\/[0-9a-f-]{36}\.png$/);
  expect(after).not.toBe(before);
  await expect(page.getByRole("img", { name: "Your profile" })).toHaveAttribute("src", after as string);
  await expect(page.getByText("New photo: stored when you click Save Changes.")).toHaveCount(0);
  const teachers = (await (await page.request.get("/api/pricing/teachers")).json()) as {
    teachers: { image_url: string | null }[];
  };
  expect(teachers.teachers.map((t) => t.image_url)).toContain(after);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-saved.png`, fullPage: false });
});
