// The weekly schedule's results as the admin page words them: English as the REST API's `message`
// says it (tests/integration/standing-schedule.int.test.ts compares the two), Italian in full.
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETED_REASON } from "../../../../shared/constants.ts";
import { compileCatalogue } from "../../../../shared/i18n/compile.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { createCatalogue, loadAreas } from "../../lib/i18n.tsx";
import {
  cancellationReasonText,
  formatScheduleDay,
  seriesRemovalText,
  type WeeklySaveOutcome,
  weeklySaveText,
} from "./admin-results.ts";

async function words(locale: Locale): Promise<Translate> {
  const catalogue = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
  await loadAreas(catalogue, ["admin"]);
  return (key, values) => catalogue.i18n._(key, values);
}

const ZONE = "Europe/Rome";
const everything: WeeklySaveOutcome = {
  created: 1,
  alreadyPresent: 2,
  skipped: 1,
  // 08:30 UTC on Wednesday 9 December 2026 is 09:30 in Rome.
  skippedSlots: [{ startsAt: new Date("2026-12-09T08:30:00Z") }],
  skippedDaysOff: 3,
  removed: 1,
  keptBookedCount: 2,
  // The exclusive end of Sunday 28 February 2027 in Rome.
  filledThrough: new Date("2027-02-28T23:00:00Z"),
};

describe("the weekly schedule's results in the page's language", () => {
  it("names a day the way the schedule's summary does, in the teacher's zone", () => {
    expect(formatScheduleDay(new Date("2026-09-01T22:30:00Z"), ZONE, "en")).toBe("Wed 2 Sep 2026");
    expect(formatScheduleDay(new Date("2026-09-01T22:30:00Z"), ZONE, "it")).toBe("mer 2 set 2026");
  });

  it("says what a save did, sentence by sentence", async () => {
    expect(weeklySaveText(await words("en"), everything, ZONE, "en")).toBe(
      "Weekly schedule saved: 1 new slot; slots are open through Sun 28 Feb 2027, and new weeks are added as time goes by. " +
        "One slot was not added: it overlaps a time already open (Wed 9 Dec 2026, 09:30). " +
        "3 slots fall on days off and stay free. 1 slot of the previous schedule removed. 2 booked lessons keep their slots.",
    );
    expect(weeklySaveText(await words("it"), everything, ZONE, "it")).toBe(
      "Orario settimanale salvato: 1 orario nuovo; gli orari sono prenotabili fino a dom 28 feb 2027 e le nuove settimane si aggiungono man mano. " +
        "Un orario non è stato aggiunto: si sovrappone a una disponibilità già presente (mer 9 dic 2026, 09:30). " +
        "3 orari cadono in giorni liberi e non vengono aggiunti. Rimosso 1 orario della versione precedente. 2 lezioni prenotate mantengono il loro orario.",
    );
  });

  it("names the first skipped slot as the first only when several were skipped (Italian)", async () => {
    const several = { ...everything, skipped: 3, alreadyPresent: 0, skippedDaysOff: 0, removed: 0, keptBookedCount: 0 };
    expect(weeklySaveText(await words("it"), several, ZONE, "it")).toBe(
      "Orario settimanale salvato: 1 orario nuovo; gli orari sono prenotabili fino a dom 28 feb 2027 e le nuove settimane si aggiungono man mano. " +
        "3 orari non sono stati aggiunti: si sovrappongono a disponibilità già presenti (il primo: mer 9 dic 2026, 09:30).",
    );
  });

  it("says a save that added nothing in words, not as a count of slots already there", async () => {
    const again = {
      ...everything,
      created: 0,
      alreadyPresent: 129,
      skipped: 0,
      skippedDaysOff: 0,
      removed: 0,
      keptBookedCount: 0,
    };
    expect(weeklySaveText(await words("en"), again, ZONE, "en")).toBe(
      "Weekly schedule saved: no new slots were needed; slots are open through Sun 28 Feb 2027, and new weeks are added as time goes by.",
    );
    expect(weeklySaveText(await words("it"), again, ZONE, "it")).toBe(
      "Orario settimanale salvato: nessun orario nuovo da aggiungere; gli orari sono prenotabili fino a dom 28 feb 2027 e le nuove settimane si aggiungono man mano.",
    );
    const several = { ...again, created: 3, skipped: 2 };
    expect(weeklySaveText(await words("en"), several, ZONE, "en")).toBe(
      "Weekly schedule saved: 3 new slots; slots are open through Sun 28 Feb 2027, and new weeks are added as time goes by. " +
        "2 slots were not added: they overlap times already open (the first: Wed 9 Dec 2026, 09:30).",
    );
  });

  it("says what a removal did, schedule or series", async () => {
    const italian = await words("it");
    expect(seriesRemovalText(await words("en"), { scope: "series", deleted: 1, keptBookedCount: 0 })).toBe(
      "Weekly series removed: 1 slot deleted.",
    );
    expect(seriesRemovalText(italian, { scope: "schedule", deleted: 12, keptBookedCount: 1 })).toBe(
      "Orario settimanale interrotto: 12 orari rimossi. 1 lezione prenotata mantiene il suo orario.",
    );
  });
});

describe("a cancelled lesson's reason", () => {
  it("says the site's own record in the page's language, and the student's words as written", async () => {
    const [en, it_] = [await words("en"), await words("it")];
    expect(cancellationReasonText(ACCOUNT_DELETED_REASON, en)).toBe("The student deleted their account.");
    expect(cancellationReasonText(ACCOUNT_DELETED_REASON, it_)).toBe("L'account è stato eliminato dallo studente.");
    expect(cancellationReasonText("Un matrimonio in famiglia", en)).toBe("Un matrimonio in famiglia");
  });
});
