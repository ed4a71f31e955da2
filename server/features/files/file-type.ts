// What a file is, decided by its first bytes (magic numbers), never by its name or the
// Content-Type the browser sent. Only the types on this allow-list are accepted; the type we
// serve a download with is the one chosen here.

export type FileCategory = "document" | "audio" | "video" | "image";
export type DetectedType = { mime: string; ext: string; category: FileCategory };

export const SNIFF_BYTES = 4100;

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Uint8Array, from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));

function sniffZip(head: Uint8Array): DetectedType | null {
  const text = Buffer.from(head).toString("latin1");
  if (text.includes("mimetypeapplication/vnd.oasis.opendocument.text"))
    return { mime: "application/vnd.oasis.opendocument.text", ext: "odt", category: "document" };
  if (text.includes("mimetypeapplication/vnd.oasis.opendocument.spreadsheet"))
    return { mime: "application/vnd.oasis.opendocument.spreadsheet", ext: "ods", category: "document" };
  if (text.includes("mimetypeapplication/vnd.oasis.opendocument.presentation"))
    return { mime: "application/vnd.oasis.opendocument.presentation", ext: "odp", category: "document" };
  if (text.includes("word/"))
    return {
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ext: "docx",
      category: "document",
    };
  if (text.includes("ppt/"))
    return {
      mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      ext: "pptx",
      category: "document",
    };
  if (text.includes("xl/"))
    return {
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ext: "xlsx",
      category: "document",
    };
  return null;
}

export function detectFileType(head: Uint8Array): DetectedType | null {
  if (head.length < 4) return null;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: "image/png", ext: "png", category: "image" };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", category: "image" };
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")
    return { mime: "image/gif", ext: "gif", category: "image" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP")
    return { mime: "image/webp", ext: "webp", category: "image" };
  if (ascii(head, 0, 5) === "%PDF-") return { mime: "application/pdf", ext: "pdf", category: "document" };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(head);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { mime: "application/msword", ext: "doc", category: "document" };
  if (ascii(head, 0, 5) === "{\\rtf") return { mime: "application/rtf", ext: "rtf", category: "document" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE")
    return { mime: "audio/wav", ext: "wav", category: "audio" };
  if (ascii(head, 0, 4) === "OggS") return { mime: "audio/ogg", ext: "ogg", category: "audio" };
  if (ascii(head, 0, 4) === "fLaC") return { mime: "audio/flac", ext: "flac", category: "audio" };
  if (ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0)) {
    return { mime: "audio/mpeg", ext: "mp3", category: "audio" };
  }
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "M4A " || brand === "M4B ") return { mime: "audio/mp4", ext: "m4a", category: "audio" };
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov", category: "video" };
    if (/^(isom|iso2|iso5|iso6|mp41|mp42|avc1|M4V |MSNV|dash|3gp\d)$/.test(brand))
      return { mime: "video/mp4", ext: "mp4", category: "video" };
    return null;
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: "video/webm", ext: "webm", category: "video" };
  return null;
}
