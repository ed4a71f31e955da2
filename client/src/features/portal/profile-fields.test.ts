import { describe, expect, it } from "vitest";
import { PROFILE_PHOTO_MAX_BYTES } from "../../../../shared/constants.ts";
import { photoProblem } from "../../lib/photo.ts";
import { ENGLISH_LEVEL_OPTIONS, optionValue } from "./profile-fields.ts";

describe("profile photo checks", () => {
  it("refuses a non-image and an image over 5MB, accepts 5MB exactly", () => {
    expect(photoProblem({ type: "application/pdf", size: 10 }, PROFILE_PHOTO_MAX_BYTES)).toEqual({
      title: "Invalid File",
      description: "Please select an image file.",
    });
    expect(photoProblem({ type: "image/png", size: PROFILE_PHOTO_MAX_BYTES + 1 }, PROFILE_PHOTO_MAX_BYTES)).toEqual({
      title: "File Too Large",
      description: "Please select an image smaller than 5MB.",
    });
    expect(photoProblem({ type: "image/jpeg", size: PROFILE_PHOTO_MAX_BYTES }, PROFILE_PHOTO_MAX_BYTES)).toBeNull();
  });
});

describe("stored values as select options", () => {
  it("keeps a known value and turns an unknown or missing one into no choice", () => {
    expect(optionValue(ENGLISH_LEVEL_OPTIONS, "advanced")).toBe("advanced");
    expect(optionValue(ENGLISH_LEVEL_OPTIONS, "expert")).toBe("");
    expect(optionValue(ENGLISH_LEVEL_OPTIONS, null)).toBe("");
  });
});
