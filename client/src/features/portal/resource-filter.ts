// Resource search and filters (§5): case-insensitive on a file's title or description and on a
// note's text or tags; the filter buttons pick a file type, or notes only.
import type { SharedFile, TeacherNote } from "./portal-api.ts";

export const RESOURCE_FILTERS = ["all", "documents", "audio", "video", "images", "links", "notes"] as const;
export type ResourceFilter = (typeof RESOURCE_FILTERS)[number];

const FILE_TYPE_OF: Record<string, string> = {
  documents: "document",
  audio: "audio",
  video: "video",
  images: "image",
  links: "link",
};

type FileLike = Pick<SharedFile, "title" | "description" | "file_type">;
type NoteLike = Pick<TeacherNote, "teacher_note" | "tags">;

export function filterResources<F extends FileLike, N extends NoteLike>(
  files: F[],
  notes: N[],
  search: string,
  filter: ResourceFilter,
) {
  const q = search.trim().toLowerCase();
  const showNotes = filter === "all" || filter === "notes";
  const showFiles = filter !== "notes";
  const type = FILE_TYPE_OF[filter];
  return {
    showNotes,
    showFiles,
    notes: showNotes
      ? notes.filter(
          (n) => !q || n.teacher_note.toLowerCase().includes(q) || n.tags.some((t) => t.toLowerCase().includes(q)),
        )
      : [],
    files: showFiles
      ? files.filter(
          (f) =>
            (!type || f.file_type === type) &&
            (!q || f.title.toLowerCase().includes(q) || (f.description ?? "").toLowerCase().includes(q)),
        )
      : [],
  };
}

/** Cuts at `max` characters and adds an ellipsis; shorter text is unchanged. */
export function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
