import { describe, expect, it } from "vitest";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { errorText } from "../../errors.ts";
import { computeOrderPrice, lessonCountError } from "./pricing.ts";

describe("order price", () => {
  it.each([
    [
      "charges the package alone without a discount or add-on",
      { basePriceCents: 19200, groupPriceCents: 0, discountPercent: 0 },
      { basePriceCents: 19200, groupPriceCents: 0, discountCents: 0, totalPriceCents: 19200 },
    ],
    [
      "takes 10% off the lesson package only, not off the group add-on",
      { basePriceCents: 16000, groupPriceCents: 9000, discountPercent: 10 },
      { basePriceCents: 16000, groupPriceCents: 9000, discountCents: 1600, totalPriceCents: 23400 },
    ],
  ])("%s", (_, order, breakdown) => {
    expect(computeOrderPrice(order)).toEqual(breakdown);
  });

  it("adds the group conversation package to the total", () => {
    expect(
      computeOrderPrice({ basePriceCents: 16000, groupPriceCents: 9000, discountPercent: 0 }).totalPriceCents,
    ).toBe(25000);
  });

  it("rounds a discount to whole cents", () => {
    expect(computeOrderPrice({ basePriceCents: 3505, groupPriceCents: 0, discountPercent: 10 })).toMatchObject({
      discountCents: 351,
      totalPriceCents: 3154,
    });
  });

  it("clamps a nonsensical percentage", () => {
    expect(computeOrderPrice({ basePriceCents: 1000, groupPriceCents: 0, discountPercent: 150 }).totalPriceCents).toBe(
      0,
    );
    expect(computeOrderPrice({ basePriceCents: 1000, groupPriceCents: 0, discountPercent: -5 }).totalPriceCents).toBe(
      1000,
    );
  });
});

describe("lesson count limits", () => {
  it("accepts exactly the package's lessons", () => {
    expect(lessonCountError(5, 5)).toBeNull();
    expect(lessonCountError(1, 1)).toBeNull();
  });
  const say = (packageLessons: number, selected: number, locale: Locale = "en") => {
    const text = lessonCountError(packageLessons, selected);
    return text && errorText(text, locale);
  };
  it("refuses too many with the spec's Limit Reached text", () => {
    expect(say(5, 6)).toBe("You can only select 5 lesson(s) for this package.");
    expect(say(5, 6, "it")).toBe("Per questo pacchetto puoi scegliere solo 5 lezioni.");
    expect(say(1, 2, "it")).toBe("Per questo pacchetto puoi scegliere solo 1 lezione.");
  });
  it("refuses too few with the spec's Incomplete Selection text", () => {
    expect(say(6, 2)).toBe("Please select 6 lesson(s) to continue.");
    expect(say(1, 0)).toBe("Please select 1 lesson(s) to continue.");
    expect(say(6, 2, "it")).toBe("Scegli 6 lezioni per continuare.");
  });
  it("lets a family book fewer now and the rest later, never none and never more (issue 30)", () => {
    expect(lessonCountError(6, 2, true)).toBeNull();
    expect(lessonCountError(6, 1, true)).toBeNull();
    expect(lessonCountError(6, 6, true)).toBeNull();
    expect(lessonCountError(6, 0, true)).toEqual({ key: "errors.incompleteSelection", values: { count: 6 } });
    expect(lessonCountError(6, 7, true)).toEqual({ key: "errors.lessonLimit", values: { count: 6 } });
  });
});
