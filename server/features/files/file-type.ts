// What a file is, decided by its content (the file-type library reads the magic numbers and, for
// ZIP-based documents, the archive's entries), never by its name or the Content-Type the browser
// sent. Only the types on this allow-list are accepted; the type we serve a download with is the
// one chosen here.
import { openAsBlob } from "node:fs";
import { fileTypeFromBlob } from "file-type";

export type FileCategory = "document" | "audio" | "video" | "image";
export type DetectedType = { mime: string; ext: string; category: FileCategory };

const image = (mime: string, ext: string): DetectedType => ({ mime, ext, category: "image" });
const documentType = (mime: string, ext: string): DetectedType => ({ mime, ext, category: "document" });
const audio = (mime: string, ext: string): DetectedType => ({ mime, ext, category: "audio" });
const video = (mime: string, ext: string): DetectedType => ({ mime, ext, category: "video" });

const MP3 = audio("audio/mpeg", "mp3");
const OGG = audio("audio/ogg", "ogg");
const M4A = audio("audio/mp4", "m4a");
const MP4 = video("video/mp4", "mp4");
const WEBM = video("video/webm", "webm");

/** The allow-list, keyed by the extension file-type reports; one stored type per accepted kind. */
const ALLOWED: Record<string, DetectedType> = {
  png: image("image/png", "png"),
  jpg: image("image/jpeg", "jpg"),
  gif: image("image/gif", "gif"),
  webp: image("image/webp", "webp"),
  pdf: documentType("application/pdf", "pdf"),
  // Illustrator files are PDF documents; the hand-written sniffing accepted them as such.
  ai: documentType("application/pdf", "pdf"),
  docx: documentType("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
  pptx: documentType("application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"),
  xlsx: documentType("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
  odt: documentType("application/vnd.oasis.opendocument.text", "odt"),
  ods: documentType("application/vnd.oasis.opendocument.spreadsheet", "ods"),
  odp: documentType("application/vnd.oasis.opendocument.presentation", "odp"),
  // Word 97-2003 files are OLE compound files, which file-type reports as the container.
  cfb: documentType("application/msword", "doc"),
  rtf: documentType("application/rtf", "rtf"),
  wav: audio("audio/wav", "wav"),
  ogg: OGG,
  oga: OGG,
  opus: OGG,
  spx: OGG,
  ogv: OGG,
  ogx: OGG,
  flac: audio("audio/flac", "flac"),
  mp1: MP3,
  mp2: MP3,
  mp3: MP3,
  m4a: M4A,
  m4b: M4A,
  mov: video("video/quicktime", "mov"),
  mp4: MP4,
  m4v: MP4,
  "3gp": MP4,
  webm: WEBM,
  mkv: WEBM,
};

/** Where file-type settles for a shorter signature than the format's own, the full one is required. */
const FULL_SIGNATURES: Record<string, RegExp> = { gif: /^GIF8[79]a/, pdf: /^%PDF-/, ai: /^%PDF-/ };
const SIGNATURE_BYTES = 6;

function allowed(found: { ext: string } | undefined, head: Uint8Array): DetectedType | null {
  if (!found || !Object.hasOwn(ALLOWED, found.ext)) return null;
  const signature = FULL_SIGNATURES[found.ext];
  if (signature && !signature.test(Buffer.from(head.subarray(0, SIGNATURE_BYTES)).toString("latin1"))) return null;
  return ALLOWED[found.ext];
}

/** The type of a stored upload; file-type reads only the parts of the file it needs. */
export async function detectStoredFileType(filePath: string): Promise<DetectedType | null> {
  const file = await openAsBlob(filePath);
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return allowed(await fileTypeFromBlob(file), head);
}
