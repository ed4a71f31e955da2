// The public pages arrive as HTML (issue 15): readable with JavaScript off, taken over by React
// without a console error, a layout shift or a single node drawn anew, and current after the
// teacher changes what they show. Against the built server on the embedded demo database.
// Run: npx vite build && npm run build:server && E2E_PORT=3406 npx playwright test tests/e2e/prerender.spec.ts
import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";

const SHOTS = "/tmp/shots-prerender";
const PACKAGES = ["Single Lesson", "Online Starter"];

/** A tab with JavaScript off: what a phone shows before any script has run. */
async function withoutScripts<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * The sum of the page's layout shifts so far, as CLS counts them. What moved is printed when
 * anything did, so a failing run names the element (a rare 0.0005 on the pricing page, desktop).
 */
async function layoutShift(page: Page): Promise<number> {
  const { total, moved } = await page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node instanceof Element ? source.node : source.node?.parentElement;
              const { y: from } = source.previousRect;
              const { y: to } = source.currentRect;
              moved.push(
                `${entry.value.toFixed(5)} ${node?.tagName ?? "?"}.${node?.className ?? ""} y ${from} -> ${to}`,
              );
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ total, moved }), 200);
      }),
  );
  if (moved.length > 0) console.log(`Layout shifts on ${page.url()}:\n${moved.join("\n")}`);
  return total;
}

/**
 * Opens `url` with the app's entry script held back until the server's heading has been marked,
 * then lets React start: hydration keeps that very element (a fresh render would replace it) and
 * attaches React to it. Returns the console errors seen on the way.
 */
async function hydrate(
  page: Page,
  url: string,
  heading: string,
  /** What a visitor does before the app's script has run. */
  early?: () => Promise<void>,
): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "commit" });
  const title = page.getByRole("heading", { level: 1, name: heading });
  await expect(title).toBeVisible();
  // The server's element, untouched by React so far (the entry script is held).
  const reactKeys = () => title.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__react")));
  expect(await reactKeys()).toBe(false);
  await title.evaluate((element) => {
    (window as unknown as { serverHeading: Element }).serverHeading = element;
  });
  await early?.();
  release();
  await expect.poll(reactKeys).toBe(true);
  expect(await title.evaluate((element) => element === (window as { serverHeading?: Element }).serverHeading)).toBe(
    true,
  );
  await page.waitForLoadState("networkidle");
  return errors;
}

test("the landing, booking and privacy pages are readable before any script runs", async ({ browser }, info) => {
  mkdirSync(SHOTS, { recursive: true });
  const viewport = info.project.use.viewport ?? undefined;
  await withoutScripts(browser, async (page) => {
    if (viewport) await page.setViewportSize(viewport);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Speak English with confidence");
    // The footer's contact details are in the HTML, not a loading placeholder.
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /teacher@example\.com/ })).toBeVisible();
    await expect(page.getByText("Loading contact details")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${info.project.name}-landing-no-js.png` });

    await page.goto("/book/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Package" })).toBeVisible();
    for (const name of PACKAGES) await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await expect(page.getByText("€35")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${info.project.name}-pricing-no-js.png` });

    await page.goto("/book");
    await expect(page.getByRole("heading", { level: 1, name: "Book your English lessons" })).toBeVisible();
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  });
});

test("the styles inlined in each page draw it exactly as the whole stylesheet does", async ({ browser }, info) => {
  // The pages' own scripts are kept out (they would change the page); the test's may run.
  const context = await browser.newContext({
    reducedMotion: "reduce",
    viewport: info.project.use.viewport ?? undefined,
  });
  try {
    const page = await context.newPage();
    // The whole stylesheet is kept out too, for the first look: the page's inlined styles alone.
    await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
    for (const url of ["/", "/book", "/book/pricing", "/book/schedule", "/privacy"]) {
      await page.goto(url);
      // Animations stopped (the schedule's loading spinner turns): the drawing is what is compared.
      const inlined = await page.screenshot({ fullPage: true, animations: "disabled" });
      // The whole sheet, as the app's entry brings it (the details step is the app's shell).
      const sheet = /href="(\/assets\/index-[\w-]+\.css)"/.exec(
        await (await page.request.get("/book/details")).text(),
      )?.[1];
      expect(sheet, "the app's stylesheet").toBeTruthy();
      await page.addStyleTag({ content: await (await page.request.get(sheet ?? "")).text() });
      const whole = await page.screenshot({ fullPage: true, animations: "disabled" });
      expect(inlined.equals(whole), `${url} looks the same with the whole stylesheet`).toBe(true);
    }
  } finally {
    await context.close();
  }
});

test("the landing page works from its HTML with a few KB of script, without React", async ({ page }, info) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  expect(await layoutShift(page)).toBe(0);
  // No React here: its nodes carry no fiber, and no chunk of the app was fetched.
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__react")))).toBe(
    false,
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((file) => /\/assets\/(index|trpc|data-providers)-/.test(file))).toEqual([]);
  // Nothing on load touches Intl (a phone pays tens of ms for its first use): the clock, far
  // below, still shows the HTML's placeholder until it comes near the screen.
  const clock = page.locator("time[data-milano-clock]");
  if (info.project.name === "phone") await expect(clock).toHaveText("--:--");
  // It works: the testimonial picker answers, and the clock shows Milano's time (on the English
  // page's 12-hour clock, as its "Until 10:00 PM").
  const third = page.getByRole("button", { name: /Show testimonial 3 of 3/ });
  await third.click();
  await expect(third).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('#testimonials [data-active="true"]')).toContainText("Arjun Mehta");
  await clock.scrollIntoViewIfNeeded();
  await expect(clock).toHaveText(/^\d{1,2}:\d\d\s?[AP]M$/);
});

test("the pricing page hydrates, then shows the package chosen earlier in the session", async ({ page }) => {
  // A visitor back on the pricing step: their choice is in session storage, which the server's
  // HTML cannot know. It appears once React has taken over, without a hydration error or a shift.
  await page.goto("/book/pricing");
  await page.getByRole("button", { name: "Select Single Lesson" }).click();
  await expect(page.getByRole("button", { name: "Select Single Lesson" })).toHaveAttribute("aria-pressed", "true");
  await page.unrouteAll();
  const errors = await hydrate(page, "/book/pricing", "Choose Your Package");
  expect(errors).toEqual([]);
  await expect(page.getByRole("button", { name: "Select Single Lesson" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: /Continue to Schedule/ })).toBeEnabled();
  expect(await layoutShift(page)).toBe(0);
  await page.getByRole("button", { name: "Select Online Starter" }).click();
  await expect(page.getByRole("button", { name: "Select Online Starter" })).toHaveAttribute("aria-pressed", "true");
});

test("the schedule step paints the package and week its address names from HTML, then hydrates", async ({
  page,
  browser,
}) => {
  // The pricing step writes the choice into the address: opened from there (a link, a refresh),
  // the package, the teacher and the week's times are in the server's HTML; React keeps them.
  await page.goto("/book/pricing");
  await page.getByRole("button", { name: "Select Online Starter" }).click();
  await page.getByRole("button", { name: /Continue to Schedule/ }).click();
  await expect(page).toHaveURL(/\/book\/schedule\?package=[\w-]+&teacher=[\w-]+$/);
  const address = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.unrouteAll();
  const errors = await hydrate(page, address, "Choose Your Lesson Times");
  expect(errors).toEqual([]);
  await expect(page.getByText(/^Online Starter: select 5 lessons of 60 minutes/)).toBeVisible();
  await expect(page.getByText("0 of 5 selected")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Available times this week/ })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  // The step works as ever: a time of the next week that has one (the suites before this one,
  // run on both viewports against the same server, may have booked all of next week), picked.
  const slot = page.locator("button[data-slot-id]:visible").first();
  for (let week = 0; week < 8 && !(await slot.isVisible()); week++) {
    const loaded = page.waitForResponse((response) => response.url().includes("booking.availability"));
    await page.getByRole("button", { name: "Next Week →" }).click();
    await loaded;
    // Drawn a moment after its answer: a week with times shows them within the second.
    await slot.waitFor({ timeout: 1_000 }).catch(() => {});
  }
  await slot.click();
  await expect(page.getByText("1 of 5 selected")).toBeVisible();

  // Without scripts: the package, the teacher and the week, from the address alone.
  await withoutScripts(browser, async (bare) => {
    await bare.goto(address);
    await expect(bare.getByRole("heading", { level: 1, name: "Choose Your Lesson Times" })).toBeVisible();
    await expect(bare.getByText(/^Online Starter: select 5 lessons of 60 minutes with /)).toBeVisible();
    await expect(bare.getByText("Loading available times")).toHaveCount(0);
  });
});

test("the schedule's address without a choice takes the session's, and one not on offer goes to pricing", async ({
  page,
}) => {
  await page.goto("/book/pricing");
  await page.getByRole("button", { name: "Select Single Lesson" }).click();
  await page.getByRole("button", { name: /Continue to Schedule/ }).click();
  await expect(page).toHaveURL(/package=single-lesson/);
  // An old link, or the details step's way back: the address gains the session's choice, so a
  // refresh renders the week on the server.
  await page.goto("/book/schedule");
  await expect(page).toHaveURL(/\/book\/schedule\?package=single-lesson&teacher=[\w-]+$/);
  await expect(page.getByText(/^Single Lesson: select 1 lesson of 60 minutes/)).toBeVisible();
  // A link naming a package that left the catalogue: back to the pricing step, as with none.
  await page.goto("/book/schedule?package=no-such-package");
  await expect(page.getByText("No package selected. Redirecting...")).toBeVisible();
  await expect(page).toHaveURL(/\/book\/pricing$/);
});

test("a visitor in another time zone gets room for their own times before the app runs", async ({ browser }) => {
  // The start script compares the visitor's clock with the teacher zone's offsets (data-offsets)
  // before the first paint; the empty line each slot of the server's HTML keeps for the visitor's
  // time shows only then. Paris reads as Rome does all year: no second time there. The step's
  // dates come from Intl since issue 29 (decision 0005, amended): each formatter is made once and
  // cached, never again for the same language and options (each first use costs a phone time).
  const pendingDisplay = (page: Page) =>
    page.evaluate(() => {
      const probe = document.createElement("span");
      probe.className = "local-time-pending";
      document.body.append(probe);
      return getComputedStyle(probe).display;
    });
  for (const [timezoneId, otherZone] of [
    ["Europe/London", true],
    ["Europe/Rome", false],
    ["Europe/Paris", false],
  ] as const) {
    const context = await browser.newContext({ timezoneId });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const made: string[] = [];
        Object.assign(window, { intlMade: made });
        for (const name of [
          "DateTimeFormat",
          "NumberFormat",
          "Collator",
          "PluralRules",
          "RelativeTimeFormat",
        ] as const) {
          const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
          const Counted = function (this: unknown, ...args: unknown[]) {
            made.push(`${name} ${JSON.stringify(args)}`);
            return new Original(...args);
          };
          Object.assign(Counted, Original);
          Counted.prototype = Original.prototype;
          Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
        }
      });
      await page.goto("/book/pricing");
      await page.getByRole("button", { name: "Select Single Lesson" }).click();
      await page.getByRole("button", { name: /Continue to Schedule/ }).click();
      await expect(page).toHaveURL(/package=single-lesson/);
      await page.reload();
      await expect(page.getByText(/^Single Lesson: select 1 lesson/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains("other-zone")), timezoneId).toBe(
        otherZone,
      );
      expect(await pendingDisplay(page), timezoneId).toBe(otherZone ? "block" : "none");
      // Once hydrated, the slots show the visitor's own times instead (none of them is pending).
      await expect(page.locator(".local-time-pending")).toHaveCount(1); // the probe alone
      const slot = page.locator("button[data-slot-id]:visible").first();
      if (await slot.count()) {
        if (otherZone) await expect(slot).toContainText("yours");
        else await expect(slot).not.toContainText("yours");
      }
      if (otherZone) await expect(page.getByText("The smaller time is yours (UTC).")).toBeVisible();
      const made = await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
      expect(
        made.filter((formatter, index) => made.indexOf(formatter) !== index),
        timezoneId,
      ).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("the booking intro and the privacy notice hydrate without an error or a shift", async ({ page }) => {
  for (const [url, heading] of [
    ["/book?ref=FRIEND10", "Book your English lessons"],
    ["/privacy", "Privacy notice"],
  ]) {
    const errors = await hydrate(page, url, heading, async () => {
      // The referral code is kept before the app has started: a tap on the intro's link then
      // loads the pricing page without it in the address.
      if (url.includes("ref=")) {
        expect(await page.evaluate(() => sessionStorage.getItem("referralCode"))).toBe("FRIEND10");
      }
    });
    expect(errors, url).toEqual([]);
    expect(await layoutShift(page), url).toBe(0);
    await page.unrouteAll();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
});

test("a tap on a package before the app's script has run counts once it has", async ({ page }) => {
  const select = page.getByRole("button", { name: "Select Standard Package" });
  const errors = await hydrate(page, "/book/pricing", "Choose Your Package", async () => {
    await select.click();
    await expect(select).toHaveAttribute("aria-pressed", "false"); // nothing answers yet
  });
  expect(errors).toEqual([]);
  await expect(select).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: /Continue to Schedule/ })).toBeEnabled();
});

test("a change to the teacher's profile shows in the pages' HTML at once", async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const phone = info.project.name === "phone" ? "+39 02 1111 2222" : "+39 02 3333 4444";
  const bio = `Cambridge-certified teacher, ${info.project.name} edition.`;
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: /Continue as the demo teacher/ }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.goto("/admin/settings");
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Bio").fill(bio);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();

  await withoutScripts(browser, async (visitor) => {
    await visitor.goto("/");
    await expect(visitor.getByRole("contentinfo")).toContainText(phone);
    await visitor.goto("/book/pricing");
    await expect(visitor.getByText(bio)).toBeVisible();
  });
});
