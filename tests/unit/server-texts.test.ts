// Issue 29: the texts the server builds with values (a policy's refusal, a price's discount, a slot's
// date) read in the reader's language from the catalogues, and their English is the wording they
// had before they moved there, byte for byte.
import { describe, expect, it } from "vitest";
import { errorText } from "../../server/errors.ts";
import { type DiscountDecision, discountLabel } from "../../server/features/booking/pricing.service.ts";
import { translateSentence } from "../../server/i18n.ts";
import { type CancellationCheck, decideCancellation } from "../../shared/cancellation-policy.ts";

const now = new Date("2026-05-01T10:00:00Z");
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const base: CancellationCheck = {
  lessonStatus: "confirmed",
  startsAt: inHours(72),
  packageLessons: 6,
  usedCancellations: 0,
  policy: "24 hours",
  now,
};

/** The refusal of `check` for a cancellation and for a move, in English and Italian. */
function refusals(check: Partial<CancellationCheck>) {
  const said = (action: "cancel" | "move") => {
    const { refusal } = decideCancellation({ ...base, ...check, action });
    if (refusal === null) throw new Error("not refused");
    return { en: errorText(refusal, "en"), it: errorText(refusal, "it") };
  };
  return { cancel: said("cancel"), move: said("move") };
}

describe("the cancellation policy's refusals", () => {
  it("keep their English and speak Italian: a lesson that is not upcoming, or has started", () => {
    expect(refusals({ lessonStatus: "cancelled" })).toEqual({
      cancel: { en: "Only upcoming lessons can be cancelled.", it: "Si possono disdire solo le lezioni future." },
      move: { en: "Only upcoming lessons can be moved.", it: "Si possono spostare solo le lezioni future." },
    });
    expect(refusals({ startsAt: inHours(-1) }).cancel).toEqual({
      en: "This lesson has already started.",
      it: "Questa lezione è già iniziata.",
    });
  });

  it("a single lesson, a package without free ones", () => {
    expect(refusals({ packageLessons: 1 }).cancel).toEqual({
      en: "Single lessons cannot be cancelled, refunded or moved.",
      it: "Le lezioni singole non si possono disdire, rimborsare né spostare.",
    });
    expect(refusals({ packageLessons: 5 })).toEqual({
      cancel: {
        en: "Packages of fewer than 6 lessons include no free cancellations.",
        it: "I pacchetti di meno di 6 lezioni non comprendono disdette gratuite.",
      },
      move: {
        en: "Packages of fewer than 6 lessons include no free cancellations or moves.",
        it: "I pacchetti di meno di 6 lezioni non comprendono disdette o spostamenti gratuiti.",
      },
    });
  });

  it("an allowance used up, one or several", () => {
    expect(refusals({ usedCancellations: 1 })).toEqual({
      cancel: {
        en: "You have used the free cancellation of this package.",
        it: "Hai già usato la disdetta gratuita di questo pacchetto.",
      },
      move: {
        en: "You have used the free cancellation or move of this package.",
        it: "Hai già usato la disdetta o lo spostamento gratuito di questo pacchetto.",
      },
    });
    expect(refusals({ packageLessons: 12, usedCancellations: 2 })).toEqual({
      cancel: {
        en: "You have used the 2 free cancellations of this package.",
        it: "Hai già usato le 2 disdette gratuite di questo pacchetto.",
      },
      move: {
        en: "You have used the 2 free cancellations or moves of this package.",
        it: "Hai già usato le 2 disdette o spostamenti gratuiti di questo pacchetto.",
      },
    });
  });

  it("the notice, for each of the teacher's settings", () => {
    expect(refusals({ startsAt: inHours(23) })).toEqual({
      cancel: {
        en: "Cancellations need at least 24 hours notice before the lesson starts.",
        it: "Per disdire una lezione serve un preavviso di almeno 24 ore.",
      },
      move: {
        en: "Moves need at least 24 hours notice before the lesson starts.",
        it: "Per spostare una lezione serve un preavviso di almeno 24 ore.",
      },
    });
    for (const [policy, it] of [
      ["48 hours", "48 ore"],
      ["72 hours", "72 ore"],
      ["1 week", "1 settimana"],
    ]) {
      expect(refusals({ policy, startsAt: inHours(1) }).cancel).toEqual({
        en: `Cancellations need at least ${policy} notice before the lesson starts.`,
        it: `Per disdire una lezione serve un preavviso di almeno ${it}.`,
      });
    }
  });
});

describe("a quote's discount label and own-code notice", () => {
  const newcomer: DiscountDecision = { kind: "newcomer", percent: 10, referrerId: "r" };
  const reward: DiscountDecision = {
    kind: "reward",
    percent: 10,
    valueCents: 3200,
    discountId: "d",
    referralId: null,
  };

  it("keeps the English labels and speaks Italian", () => {
    expect(discountLabel(newcomer, "en")).toBe("Referral discount: 10% off your first package");
    expect(discountLabel(reward, "en")).toBe("Referral reward: 10% off one lesson");
    expect(discountLabel(newcomer, "it")).toBe("Sconto con codice invito: 10% sul tuo primo pacchetto");
    expect(discountLabel(reward, "it")).toBe("Sconto per aver invitato un amico: 10% su una lezione");
    expect(translateSentence("You cannot use your own referral code: share it with a friend instead.", "it")).toBe(
      "Non puoi usare il tuo codice invito: condividilo con un amico.",
    );
  });
});
