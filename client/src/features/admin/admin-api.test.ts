import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { failureText, serverMessage } from "./admin-api.ts";

const trpcError = (message: string, code: string, httpStatus = 400) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { code, httpStatus } } } });

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

describe("failureText: the panel's failure text with the server's reason", () => {
  it("adds what the server said when it refused the call", () => {
    expect(
      failureText("Failed to update booking.", trpcError("The meeting link must start with https://.", "BAD_REQUEST")),
    ).toBe("Failed to update booking. The meeting link must start with https://.");
    expect(
      failureText("Failed to update booking.", trpcError("That time is taken by another lesson.", "CONFLICT", 409)),
    ).toBe("Failed to update booking. That time is taken by another lesson.");
    expect(failureText("Failed to upload file.", new ApiError("The file is too large (max 10 MB).", 413))).toBe(
      "Failed to upload file. The file is too large (max 10 MB).",
    );
  });

  it("adds nothing for a crash, a lost connection or a reason already said", () => {
    expect(
      failureText("Failed to save settings.", trpcError("Internal server error.", "INTERNAL_SERVER_ERROR", 500)),
    ).toBe("Failed to save settings.");
    expect(failureText("Failed to save settings.", new TypeError("Failed to fetch"))).toBe("Failed to save settings.");
    expect(failureText("Failed to load data.", trpcError("Failed to load data.", "BAD_REQUEST"))).toBe(
      "Failed to load data.",
    );
  });
});
