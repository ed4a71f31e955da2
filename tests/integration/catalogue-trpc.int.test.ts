// The booking flow reads the catalogue through tRPC; the spec's REST paths give the same data.
// Both call the same services: these tests pin that they stay in agreement.
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
const visitor = () => callerFor(t.database.prisma, t.env);
const rest = async (url: string) => {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  return response.json();
};
/** What a browser gets from tRPC: the wire form (dates as ISO strings), as JSON. */
const wire = (value: unknown) => JSON.parse(JSON.stringify(superjson.serialize(value).json));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("catalogue calls through tRPC and REST", () => {
  it("booking.packages = GET /api/pricing/packages", async () => {
    const viaTrpc = await visitor().booking.packages();
    expect(viaTrpc.length).toBeGreaterThanOrEqual(4);
    expect(wire(viaTrpc)).toEqual((await rest("/api/pricing/packages")).packages);
  });

  it("booking.package = GET /api/pricing/packages/{id}; an unknown id is a 404 both ways", async () => {
    expect(wire([await visitor().booking.package({ id: "online-5" })])).toEqual(
      (await rest("/api/pricing/packages/online-5")).packages,
    );
    await expect(visitor().booking.package({ id: "no-such-package" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await t.app.inject({ method: "GET", url: "/api/pricing/packages/no-such-package" })).statusCode).toBe(404);
  });

  it("booking.teachers = GET /api/pricing/teachers", async () => {
    const viaTrpc = await visitor().booking.teachers();
    expect(viaTrpc).toHaveLength(1);
    expect(wire(viaTrpc)).toEqual((await rest("/api/pricing/teachers")).teachers);
  });

  it("booking.groupEvents and groupPackages = the group conversation REST paths", async () => {
    expect(wire(await visitor().booking.groupEvents())).toEqual((await rest("/api/group-conversation/events")).events);
    expect(wire(await visitor().booking.groupPackages())).toEqual(
      (await rest("/api/group-conversation/packages")).packages,
    );
  });

  it("booking.publicContact = GET /api/admin/public-config", async () => {
    expect(wire(await visitor().booking.publicContact())).toEqual((await rest("/api/admin/public-config")).contact);
  });
});
