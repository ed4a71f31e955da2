export const PHOTO_HINT = "PNG, JPG, GIF up to 5MB";

/** The client-side photo checks of §5; the server checks the content again. */
export function photoProblem(
  file: { type: string; size: number },
  maxBytes: number,
): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return { title: "Invalid File", description: "Please select an image file." };
  if (file.size > maxBytes) return { title: "File Too Large", description: "Please select an image smaller than 5MB." };
  return null;
}
