import { expect, type Page, test } from "@playwright/test";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

test.describe("landing page", () => {
  test("shows the teacher's site with sections, counters, contact and no horizontal scroll", async ({ page }, info) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const id of ["home", "about", "testimonials", "contact"])
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    await expect(page.getByText("1000+").first()).toBeVisible();
    await expect(page.getByText("5+").first()).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /\+39/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:[^?]+\?subject=/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath("landing-top.png") });
    await page.screenshot({ path: info.outputPath("landing-full.png"), fullPage: true });
  });

  test("navigates by the header (or the mobile menu) and highlights the current section", async ({ page }) => {
    await page.goto("/");
    if (isPhone(page)) {
      await page.getByRole("button", { name: /menu/i }).click();
    }
    const nav = page
      .getByRole("navigation")
      .filter({ has: page.getByRole("link", { name: "Testimonials" }) })
      .last();
    await nav.getByRole("link", { name: "Testimonials" }).click();
    await expect(page.locator("section#testimonials")).toBeInViewport();
    // The mobile menu closes after a tap: open it again to read the highlight.
    if (isPhone(page)) await page.getByRole("button", { name: /menu/i }).click();
    await expect(page.getByRole("link", { name: "Testimonials" }).first()).toHaveAttribute(
      "aria-current",
      /true|location/,
    );
    await expect(page.getByRole("link", { name: "Home" }).first()).not.toHaveAttribute("aria-current", /true|location/);
    await expect(page.getByRole("link", { name: "Student Portal" }).first()).toHaveAttribute("href", "/student");
  });

  test("rotates the highlighted testimonial every 8 seconds", async ({ page }) => {
    await page.goto("/#testimonials");
    const active = page.locator('#testimonials [data-active="true"]');
    await expect(active).toHaveCount(1);
    const first = await active.textContent();
    await page.waitForTimeout(8600);
    await expect(active).toHaveCount(1);
    expect(await active.textContent()).not.toBe(first);
  });

  test("offers scroll-to-top only after 300 px", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  });

  test("sends unknown routes home", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("demo sign-in", () => {
  test("signs in as the demo student and reaches the dashboard", async ({ page }) => {
    await page.goto("/student");
    // No attempt flag yet: the portal goes straight to sign-in, which here is the demo page.
    await expect(page.getByRole("heading", { name: "Demo sign-in" })).toBeVisible();
    await expect(page.getByText("Local demo only")).toBeVisible();
    await page.getByRole("button", { name: /Continue as the demo student/ }).click();
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    await expect(page.getByText("Sofia").first()).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Student area" }).getByRole("link", { name: "Dashboard" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("signs in as the demo teacher and reaches the admin dashboard", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login Required" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: /Continue as the demo teacher/ }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Total Bookings")).toBeVisible();
  });

  test("guards student pages: signed out goes to /student, which starts sign-in", async ({ page }) => {
    // The guard sends the visitor to /student, whose first visit starts sign-in (here the demo page):
    // a chain of client and server redirects, so wait for where it ends rather than the first load.
    await page.goto("/student/lessons", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { name: "Demo sign-in" })).toBeVisible();
    await expect(page).toHaveURL(/\/api\/demo-auth\?kind=student/);
  });

  // Issue 17: a crafted `next` never leaves the site, signed in (the client's check and router)
  // or signed out (the server's redirects), whatever form it takes.
  for (const next of ["https://evil.example/phish", "//evil.example", "/.//evil.example", "/%2F%2Fevil.example"]) {
    test(`a crafted next ${next} stays on the site`, async ({ page, baseURL }) => {
      const offSite: string[] = [];
      await page.route(
        (url) => url.hostname.endsWith("evil.example"),
        (route) => {
          offSite.push(route.request().url());
          return route.abort();
        },
      );
      const site = new URL(baseURL ?? "").host;
      const crafted = `/student?next=${encodeURIComponent(next)}`;
      // Signed out: sign-in starts and comes back to the dashboard, not to the crafted address.
      await page.goto(crafted);
      await expect(page.getByRole("heading", { name: "Demo sign-in" })).toBeVisible();
      expect(page.url()).not.toMatch(/evil/);
      await page.getByRole("button", { name: /Continue as the demo student/ }).click();
      await expect(page).toHaveURL(/\/student\/dashboard$/);
      // Signed in: the sign-in page sends the student on at once, to the dashboard.
      await page.goto(crafted);
      await expect(page).toHaveURL(/\/student\/dashboard$/);
      await page.waitForTimeout(500);
      expect(new URL(page.url()).host).toBe(site);
      await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
      expect(offSite).toEqual([]);
    });
  }

  test("shows the spec's toast for a failed sign-in and cleans the address", async ({ page }) => {
    await page.goto("/admin?error=callback_failed");
    await expect(page.getByText("Authentication callback failed. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a student back from a failed sign-in sees the toast and the sign-in card, not Google again", async ({
    page,
  }) => {
    // The sign-in attempt set the flag; the provider's error brings the student back here.
    await page.goto("/");
    await page.evaluate(() => sessionStorage.setItem("studentAuthAttempt", "1"));
    await page.goto("/student?error=callback_failed");
    await expect(page.getByText("Authentication callback failed. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/student$/);
    const card = page.getByRole("button", { name: "Continue with Google" });
    await expect(card).toBeVisible();
    // It stays: no redirect to the provider once the address is clean.
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/student$/);
    await expect(card).toBeVisible();
    // Pressing the button starts sign-in (here the demo page).
    await card.click();
    await expect(page.getByRole("heading", { name: "Demo sign-in" })).toBeVisible();
  });
});
