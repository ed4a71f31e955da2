// Issue 29: a refusal reads in the language of the page that asked. The app's pages name their
// language in `Accept-Language` (client/src/lib/page-language.ts); REST integrations may too; no
// header, or a language the site does not speak, keeps the specification's English.
import { describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, studentInfo } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();

/** A lesson at a time the teacher does not offer, as the booking page would send it. */
async function bookUnoffered(headers: Record<string, string>) {
  const user = await t.createStudent();
  return t.send("POST", "/api/bookings", {
    as: user,
    headers,
    payload: {
      studentInfo: studentInfo({ email: user.email }),
      lesson_date: iso(romeDay(9, 16)),
      lessonType: "online",
      teacher_id: t.teacherId,
    },
  });
}

describe("the language of an error", () => {
  it("is Italian for an Italian page, with the lesson's time written the Italian way", async () => {
    const response = await bookUnoffered({ "accept-language": "it" });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: string };
    expect(error).toMatch(
      /^La lezione di \p{L}+ \d{1,2} \p{L}+ alle \d{2}:00 non rientra nella disponibilità dell'insegnante\. Scegli un orario dal calendario\.$/u,
    );
  });

  it("is the specification's English without a header, for English, and for a language the site does not speak", async () => {
    const cases: Record<string, string>[] = [{}, { "accept-language": "en" }, { "accept-language": "de-DE,de;q=0.9" }];
    for (const headers of cases) {
      const { error } = (await bookUnoffered(headers)).json() as { error: string };
      expect(error).toMatch(
        /^The lesson on \w{3}, \w{3} \d{1,2} at \d{1,2}:00 [AP]M is not in the teacher's availability\. Please choose a time from the schedule\.$/,
      );
    }
  });

  it("translates a schema's refusal", async () => {
    const missing = await t.send("POST", "/api/bookings", { headers: { "accept-language": "it" }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "Compila tutti i campi obbligatori" });
  });

  it("answers tRPC calls in the page's language too", async () => {
    const call = (language: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/trpc/booking.getBooking?input=${encodeURIComponent(JSON.stringify({ json: { id: "00000000-0000-4000-8000-000000000000" } }))}`,
        headers: { "accept-language": language },
      });
    const italian = (await call("it-IT,it;q=0.9,en;q=0.8")).json() as { error: { json: { message: string } } };
    const english = (await call("en-GB")).json() as { error: { json: { message: string } } };
    expect(english.error.json.message).not.toBe(italian.error.json.message);
    expect(italian.error.json.message).toMatch(/^(Accedi|Prenotazione non trovata)/);
  });

  it("answers the edge's own refusals in it as well", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "it" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Non trovato." });
  });
});
