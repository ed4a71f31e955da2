// A shared file as a card of the files list: its type, student, description, link, the active
// toggle, Edit and Delete.
import type { ReactNode } from "react";
import { FILE_TYPES } from "../../../../shared/constants.ts";
import { formatFileSize } from "../../../../shared/i18n/format.ts";
import type { MessageKey, Translate } from "../../../../shared/i18n/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { VideoIcon } from "../../components/ui/icons.tsx";
import { AudioIcon, ImageIcon, LinkIcon, NoteIcon } from "../../components/ui/private-icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import type { SharedFile } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate } from "./admin-format.ts";

export type FileType = (typeof FILE_TYPES)[number];
export const isFileType = (t: string): t is FileType => (FILE_TYPES as readonly string[]).includes(t);
/** The stored type, or "document" for one this client does not know. */
export const fileTypeOf = (t: string): FileType => (isFileType(t) ? t : "document");
const TYPE_LABELS: Record<FileType, MessageKey> = {
  document: "admin.files.type.document",
  audio: "admin.files.type.audio",
  video: "admin.files.type.video",
  image: "admin.files.type.image",
  link: "admin.files.type.link",
};
/** A file type's name in the page's language (one this client does not know, as stored). */
export const typeLabel = (type: string, t: Translate) =>
  isFileType(type) ? t(TYPE_LABELS[type]) : type[0].toUpperCase() + type.slice(1);

const TYPE_ICONS: Record<string, ReactNode> = {
  document: <NoteIcon className="h-5 w-5" />,
  audio: <AudioIcon />,
  video: <VideoIcon />,
  image: <ImageIcon />,
  link: <LinkIcon />,
};

export function SharedFileCard({
  file: f,
  prefs,
  isToggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  file: SharedFile;
  prefs: AdminPrefs;
  isToggling: boolean;
  onToggle: (f: SharedFile) => void;
  onEdit: (f: SharedFile) => void;
  onDelete: (f: SharedFile) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    // Inactive files are dimmed by a grey, dashed card rather than transparency, which would
    // take their text below readable contrast.
    <Card
      className={`flex h-full flex-col p-5 transition ${f.is_active ? "" : "border-dashed border-slate-300 bg-slate-50! shadow-none!"}`}
    >
      <div className="flex items-start gap-3">
        <span
          className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${f.is_active ? "bg-blue-50 text-blue-900" : "bg-slate-200 text-slate-600"}`}
          aria-hidden="true"
        >
          {TYPE_ICONS[f.file_type] ?? TYPE_ICONS.document}
        </span>
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-slate-900">{f.title}</p>
          <p className="text-xs text-slate-600">
            {t("admin.files.for", { name: f.learner?.name ?? f.student.name })}
            {f.guardian ? ` · ${t("admin.details.guardian", { name: f.guardian.name })}` : ""}
          </p>
        </div>
        {!f.is_active && <Badge tone="neutral">{t("admin.files.inactive")}</Badge>}
      </div>
      {f.description && <p className="mt-3 line-clamp-3 text-sm text-slate-700">{f.description}</p>}
      <p className="mt-3 text-xs text-slate-600">
        {t("admin.files.meta", {
          type: typeLabel(f.file_type, t),
          size: formatFileSize(locale, f.file_size) ?? t("admin.files.unknownSize"),
          date: formatAdminDate(f.created_at, prefs),
        })}
        {f.last_viewed_at
          ? t("admin.files.viewed", { date: formatAdminDate(f.last_viewed_at, prefs) })
          : t("admin.files.notViewed")}
      </p>
      <a
        href={f.file_url}
        target="_blank"
        rel="noreferrer"
        className="mt-2 block max-w-full truncate text-sm text-blue-800 underline"
      >
        {f.file_url.startsWith("/api/files/") ? t("admin.files.openUploaded") : f.file_url}
      </a>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <label className="mr-auto inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-5 w-5 accent-blue-900"
            checked={f.is_active}
            disabled={isToggling}
            onChange={() => onToggle(f)}
            aria-label={t("admin.files.activeOf", { title: f.title })}
          />
          {t("admin.files.activeLabel")}
        </label>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onEdit(f)}
          aria-label={t("admin.files.editOf", { title: f.title })}
        >
          {t("admin.files.edit")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          onClick={() => onDelete(f)}
          aria-label={t("admin.files.deleteOf", { title: f.title })}
        >
          {t("admin.files.delete")}
        </Button>
      </div>
    </Card>
  );
}
