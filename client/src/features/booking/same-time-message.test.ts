import { describe, expect, it } from "vitest";
import { translatorFor } from "../../../../tests/helpers/translate.ts";
import { type SameTimeFound, sameTimeMessage } from "./same-time-message.ts";

const en = await translatorFor("en");
const it_ = await translatorFor("it");
const say = (found: SameTimeFound) => sameTimeMessage(en, "en", found);

describe('what "Same time every week" says', () => {
  it("counts the lessons added and names every skipped week", () => {
    expect(say({ added: 5, skipped: [], isShort: false, remaining: 0 })).toBe(
      "Added 5 lessons at the same time in the following weeks.",
    );
    expect(say({ added: 5, skipped: ["2026-12-14"], isShort: false, remaining: 0 })).toBe(
      "Added 5 lessons at the same time in the following weeks. Skipped Dec 14: that time is taken.",
    );
    expect(say({ added: 1, skipped: ["2026-12-28", "2027-01-04", "2027-01-11"], isShort: false, remaining: 0 })).toBe(
      "Added 1 lesson at the same time in the following weeks. Skipped Dec 28, Jan 4 and Jan 11: that time is taken.",
    );
  });

  it("says when the booking window ends first, or when nothing was free", () => {
    expect(say({ added: 2, skipped: [], isShort: true, remaining: 3 })).toBe(
      "Added 2 lessons at the same time in the following weeks. 3 more to pick: the booking window ends before that.",
    );
    expect(say({ added: 0, skipped: ["2026-12-14"], isShort: true, remaining: 5 })).toBe(
      "No more free lessons at that time in the following weeks. Skipped Dec 14: that time is taken.",
    );
  });

  it("says it in Italian", () => {
    expect(
      sameTimeMessage(it_, "it", { added: 1, skipped: ["2026-12-28", "2027-01-04"], isShort: true, remaining: 1 }),
    ).toBe(
      "Aggiunta 1 lezione alla stessa ora nelle settimane successive. Quell'orario è già occupato il 28 dic e 4 gen: l'abbiamo saltato. Ne resta 1 da scegliere: le prenotazioni non sono ancora aperte così avanti.",
    );
  });

  it("says which skipped weeks are the teacher's days off, naming a holiday", () => {
    const found: SameTimeFound = {
      added: 3,
      skipped: ["2026-12-01", "2026-12-08", "2026-12-22"],
      daysOff: [
        { date: "2026-12-08", name: "Immaculate Conception" },
        { date: "2026-12-22", name: null },
      ],
      isShort: false,
      remaining: 0,
    };
    expect(say(found)).toBe(
      "Added 3 lessons at the same time in the following weeks. Skipped Dec 1: that time is taken. " +
        "Skipped Dec 8 (Immaculate Conception) and Dec 22: the teacher's days off.",
    );
    expect(
      sameTimeMessage(it_, "it", {
        ...found,
        skipped: ["2026-12-08"],
        daysOff: [{ date: "2026-12-08", name: "Immacolata Concezione" }],
      }),
    ).toBe(
      "Aggiunte 3 lezioni alla stessa ora nelle settimane successive. 8 dic (Immacolata Concezione): giorno libero dell'insegnante, l'abbiamo saltato.",
    );
  });
});
