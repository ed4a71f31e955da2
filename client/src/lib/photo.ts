export const PHOTO_HINT = "PNG, JPG, GIF up to 5MB";

/** What is wrong with a chosen photo, if anything: not an image, or too large. */
export function photoProblemKind(file: { type: string; size: number }, maxBytes: number): "type" | "size" | null {
  if (!file.type.startsWith("image/")) return "type";
  if (file.size > maxBytes) return "size";
  return null;
}

/** The client-side photo checks of §5; the server checks the content again. */
export function photoProblem(
  file: { type: string; size: number },
  maxBytes: number,
): { title: string; description: string } | null {
  const kind = photoProblemKind(file, maxBytes);
  if (kind === "type") return { title: "Invalid File", description: "Please select an image file." };
  if (kind === "size") return { title: "File Too Large", description: "Please select an image smaller than 5MB." };
  return null;
}
