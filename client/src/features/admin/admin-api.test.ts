import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { serverMessage } from "./admin-api.ts";

const trpcError = (message: string, code: string) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { code, httpStatus: 400 } } } });

describe("serverMessage: what a failed admin call shows", () => {
  it("gives a refused input's text as the server words it", () => {
    expect(serverMessage(trpcError("Please enter a valid email address.", "BAD_REQUEST"))).toBe(
      "Please enter a valid email address.",
    );
    expect(serverMessage(trpcError("Missing Information: Please fill in all required fields.", "BAD_REQUEST"))).toBe(
      "Missing Information: Please fill in all required fields.",
    );
  });

  it("keeps a service's own message, colons and all", () => {
    const message = "Time conflicts in the weekly schedule: Monday 09:00–10:00 overlaps 09:30–10:30";
    expect(serverMessage(trpcError(message, "BAD_REQUEST"))).toBe(message);
    expect(serverMessage(trpcError("That time is taken by another lesson.", "CONFLICT"))).toBe(
      "That time is taken by another lesson.",
    );
  });

  it("gives nothing for what is not an error", () => {
    expect(serverMessage("boom")).toBeNull();
  });
});
