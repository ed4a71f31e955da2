import { useEffect, useMemo, useState } from "react";
import { NOTE_PREVIEW_CHARS, THUMBNAIL_TITLE_CHARS } from "../../../../shared/constants.ts";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { VideoIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import {
  AudioIcon,
  BookIcon,
  DownloadIcon,
  FolderIcon,
  ImageIcon,
  LinkIcon,
  NoteIcon,
} from "../../components/ui/private-icons.tsx";
import { SearchField } from "../../components/ui/search-field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { PageSection } from "../../features/portal/page-section.tsx";
import { type SharedFile, type TeacherNote, useFiles, useNotes } from "../../features/portal/portal-api.ts";
import {
  filterResources,
  RESOURCE_FILTERS,
  type ResourceFilter,
  truncate,
} from "../../features/portal/resource-filter.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpcClient } from "../../trpc.ts";

const TYPE_ICONS = {
  document: BookIcon,
  audio: AudioIcon,
  video: VideoIcon,
  image: ImageIcon,
  link: LinkIcon,
} as const;
const TYPE_TONES = {
  document: "bg-blue-50 text-blue-900",
  audio: "bg-violet-50 text-violet-800",
  video: "bg-rose-50 text-rose-800",
  image: "bg-emerald-50 text-emerald-800",
  link: "bg-amber-50 text-amber-800",
} as const;

/** Access logging never blocks: a failure is only logged and the file opens anyway. */
function logAccess(fileId: string, accessType: "download" | "view") {
  trpcClient.portal.logFileAccess
    .mutate({ fileId, accessType })
    .catch((error) => console.error("Failed to log file access", error));
}

/** Opening a note clears its "New" marker on the server; like access logging, it never blocks. */
function markNoteSeen(noteId: string) {
  trpcClient.portal.markNoteSeen
    .mutate({ noteId })
    .catch((error) => console.error("Failed to mark a note read", error));
}

const NewBadge = () => <Badge tone="blue">{useT()("portal.resources.new")}</Badge>;

/** A file's size as the spec shows it (Bytes, KB, MB or GB; "Unknown size" when missing), in the page's digits. */
function fileSize(t: Translate, locale: Locale, bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0)
    return t("portal.resources.unknownSize");
  const units = ["bytes", "kb", "mb", "gb"] as const;
  const power = bytes === 0 ? 0 : Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = power === 0 ? bytes : Math.round((bytes / 1024 ** power) * 100) / 100;
  const digits = new Intl.NumberFormat(INTL_TAGS[locale], { maximumFractionDigits: 2, useGrouping: false });
  return t("portal.resources.size", { value: digits.format(value), unit: units[power] });
}

function NoteItem({ note }: { note: TeacherNote }) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const long = note.teacher_note.length > NOTE_PREVIEW_CHARS;
  // A short note is read in full where it stands: showing it opens it (the marker stays for this
  // visit). A long one is opened by Show.
  const [isNew, setIsNew] = useState(note.is_new);
  useEffect(() => {
    if (note.is_new && !long) markNoteSeen(note.id);
  }, [note.id, note.is_new, long]);
  return (
    <li className="rounded-2xl border border-amber-200 bg-amber-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <NoteIcon className="h-4 w-4 text-amber-700" /> {formatDate(locale, note.note_date, { style: "long" })}
          {isNew && <NewBadge />}
        </p>
        <div className="flex flex-wrap gap-1">
          {note.tags.map((tag) => (
            <Badge key={tag} tone="amber">
              {tag}
            </Badge>
          ))}
        </div>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-700">
        {open || !long ? note.teacher_note : truncate(note.teacher_note, NOTE_PREVIEW_CHARS)}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => {
            if (!open && isNew) {
              markNoteSeen(note.id);
              setIsNew(false);
            }
            setOpen(!open);
          }}
          className="mt-2 text-sm font-semibold text-blue-900 hover:underline"
        >
          {open ? t("portal.resources.hide") : t("portal.resources.show")}
        </button>
      )}
    </li>
  );
}

function FileItem({ file }: { file: SharedFile }) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  // New until first opened: the server records the opening (access log, or the download itself).
  const [isNew, setIsNew] = useState(file.is_new);
  const type = (file.file_type in TYPE_ICONS ? file.file_type : "document") as keyof typeof TYPE_ICONS;
  const Icon = TYPE_ICONS[type];
  const isLink = type === "link";
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className={`grid h-12 w-12 shrink-0 place-items-center rounded-xl ${TYPE_TONES[type]}`}>
          <Icon className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900" title={file.title}>
            {open ? file.title : truncate(file.title, THUMBNAIL_TITLE_CHARS)}
            {isNew && (
              <>
                {" "}
                <NewBadge />
              </>
            )}
          </p>
          <p className="text-xs text-slate-500">
            <span className="capitalize">{t("portal.resources.type", { type })}</span>
            {!isLink && ` · ${fileSize(t, locale, file.file_size)}`} · {formatDate(locale, file.created_at)}
          </p>
          {/* Issue 31: shared with a learner of the family other than the account holder. */}
          {file.learner && !file.learner.is_self && (
            <p className="text-xs font-medium text-blue-900">
              {t("portal.resources.forLearner", { name: file.learner.name })}
            </p>
          )}
        </div>
      </div>
      {file.description && (
        <p className="mt-3 text-sm text-slate-600">
          {open ? file.description : truncate(file.description, THUMBNAIL_TITLE_CHARS * 2)}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <a
          href={file.file_url}
          target="_blank"
          rel="noopener noreferrer"
          // Downloads of uploaded files are logged by the server as it serves them; logging the
          // click too would count each download twice.
          onClick={() => {
            if (!file.file_url.startsWith("/api/files/download/")) logAccess(file.id, isLink ? "view" : "download");
            setIsNew(false);
          }}
          className={buttonClasses({ variant: "primary", size: "sm" })}
        >
          {isLink ? <LinkIcon className="h-4 w-4" /> : <DownloadIcon className="h-4 w-4" />}{" "}
          {isLink ? t("portal.resources.open") : t("portal.resources.download")}
        </a>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => {
            if (!open) logAccess(file.id, "view");
            setIsNew(false);
            setOpen(!open);
          }}
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          {open ? t("portal.resources.hide") : t("portal.resources.preview")}
        </button>
      </div>
    </li>
  );
}

export function Resources() {
  const t = useT();
  const files = useFiles();
  const notes = useNotes();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ResourceFilter>("all");

  // File list fetch errors are only logged (the spec).
  useEffect(() => {
    if (files.error) console.error("Failed to load files", files.error);
    if (notes.error) console.error("Failed to load notes", notes.error);
  }, [files.error, notes.error]);

  const allFiles = files.data ?? [];
  const allNotes = notes.data ?? [];
  const visible = useMemo(
    () => filterResources(allFiles, allNotes, search, filter),
    [allFiles, allNotes, search, filter],
  );

  if (files.isPending || notes.isPending) return <Spinner label={t("portal.resources.loading")} />;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("portal.nav.resources")} subtitle={t("portal.resources.subtitle")} />
      <section aria-label={t("portal.resources.counts")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:max-w-xl">
        <StatCard label={t("portal.resources.totalFiles")} value={allFiles.length} icon={<FolderIcon />} />
        <StatCard label={t("portal.resources.notes")} value={allNotes.length} icon={<NoteIcon />} />
      </section>

      <Card className="mt-6 p-4">
        <SearchField
          id="resource-search"
          label={t("portal.resources.search")}
          placeholder={t("portal.resources.searchPlaceholder")}
          value={search}
          onSearch={setSearch}
        />
        <fieldset className="mt-3 flex flex-wrap gap-2">
          <legend className="sr-only">{t("portal.resources.filter")}</legend>
          {RESOURCE_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`rounded-full px-3.5 py-1.5 text-sm font-medium capitalize focus-visible:outline-2 focus-visible:outline-blue-700 ${filter === f ? "bg-blue-900 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
            >
              {t("portal.resources.filterName", { filter: f })}
            </button>
          ))}
        </fieldset>
      </Card>

      {visible.showNotes && (
        <PageSection titleId="notes-title" title={t("portal.resources.notes")} count={visible.notes.length}>
          {visible.notes.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {search ? t("portal.resources.noNotesMatch") : t("portal.resources.noNotes")}
            </p>
          ) : (
            <ul className="mt-3 grid gap-3 lg:grid-cols-2">
              {visible.notes.map((n) => (
                <NoteItem key={n.id} note={n} />
              ))}
            </ul>
          )}
        </PageSection>
      )}

      {visible.showFiles && (
        <PageSection titleId="files-title" title={t("portal.resources.files")} count={visible.files.length}>
          {visible.files.length === 0 ? (
            <div className="mt-3">
              <EmptyState
                icon={<FolderIcon />}
                title={search || filter !== "all" ? t("portal.resources.noFilesMatch") : t("portal.resources.noFiles")}
                message={
                  search || filter !== "all"
                    ? t("portal.resources.noFilesMatchText")
                    : t("portal.resources.noFilesText")
                }
              />
            </div>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {visible.files.map((f) => (
                <FileItem key={f.id} file={f} />
              ))}
            </ul>
          )}
        </PageSection>
      )}
    </div>
  );
}
