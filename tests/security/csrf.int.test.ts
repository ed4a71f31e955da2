// Cross-site requests that change state are refused, and the refused request changed nothing.
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

const t = prepareTestApp();
const mutation = "/api/trpc/booking.requestCustomAvailability";
const request = { name: "Marco", email: "marco@test.example", availability: "Weekday evenings", location: "Milano" };
const trpcBody = JSON.stringify({ json: request });
const rows = () => t.database.prisma.availabilityRequest.count();

describe("cross-site requests", () => {
  it("runs a same-origin JSON mutation (the control)", async () => {
    const before = await rows();
    const response = await t.app.inject({
      method: "POST",
      url: mutation,
      headers: { "content-type": "application/json", origin: t.env.PUBLIC_URL, "sec-fetch-site": "same-origin" },
      payload: trpcBody,
    });
    expect(response.statusCode).toBe(200);
    expect(await rows()).toBe(before + 1);
  });

  it.each([
    [
      "multipart/form-data",
      { "content-type": "multipart/form-data; boundary=x" },
      `--x\r\nContent-Disposition: form-data; name="json"\r\n\r\n${trpcBody}\r\n--x--\r\n`,
    ],
    ["text/plain", { "content-type": "text/plain" }, trpcBody],
    ["urlencoded", { "content-type": "application/x-www-form-urlencoded" }, `json=${encodeURIComponent(trpcBody)}`],
    ["JSON from a foreign Origin", { "content-type": "application/json", origin: "https://evil.example" }, trpcBody],
    ["JSON marked cross-site", { "content-type": "application/json", "sec-fetch-site": "cross-site" }, trpcBody],
    ["JSON from a sibling site", { "content-type": "application/json", "sec-fetch-site": "same-site" }, trpcBody],
  ])("refuses a tRPC mutation sent as %s and writes nothing", async (_label, headers, payload) => {
    const before = await rows();
    const response = await t.app.inject({ method: "POST", url: mutation, headers, payload });
    expect([403, 415]).toContain(response.statusCode);
    expect(response.json()).toHaveProperty("error");
    expect(await rows()).toBe(before);
  });

  it("refuses the REST form of the same write from a foreign origin", async () => {
    const before = await rows();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/bookings/availability-request",
      headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      payload: JSON.stringify(request),
    });
    expect(response.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });

  it("refuses a cross-site logout: the session survives", async () => {
    const student = await t.database.prisma.user.create({ data: { email: "csrf@test.example", name: "C" } });
    const { token } = await createSession(t.database.prisma, student.id, "student");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/student-auth/logout",
      headers: { cookie: `student_session=${token}`, "sec-fetch-site": "cross-site", "content-type": "text/plain" },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.database.prisma.session.count({ where: { userId: student.id } })).toBe(1);
  });

  it("never lets a tRPC query write: GET cannot reach a mutation", async () => {
    const before = await rows();
    const response = await t.app.inject({ method: "GET", url: `${mutation}?input=${encodeURIComponent(trpcBody)}` });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await rows()).toBe(before);
  });
});
