// Shared Files and Resources (panel 3): counters, filters, file cards, share/edit dialog (a
// link or an upload), the active toggle and delete with confirm.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useDeferredValue, useEffect, useRef, useState } from "react";
import { FILE_TYPES, SHARED_FILE_MAX_BYTES } from "../../../../shared/constants.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog, Modal } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { Pager, usePageOffset } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { upload } from "../../lib/api.ts";
import { formatFileSize } from "../../lib/format.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type SharedFile, useAdminFailure } from "./admin-api.ts";
import { formatAdminDate, useAdminPrefs } from "./admin-format.ts";
import { FolderIcon, ImageIcon, LinkIcon, MusicIcon, NoteIcon, UsersIcon, VideoIcon } from "./admin-icons.tsx";
import { FilterBar } from "./admin-shell.tsx";

type Draft = {
  id?: string;
  student_id: string;
  title: string;
  description: string;
  file_type: FileType;
  file_url: string;
  is_active: boolean;
  file_size: number | null;
};
const TYPE_ICONS: Record<string, React.ReactNode> = {
  document: <NoteIcon className="h-5 w-5" />,
  audio: <MusicIcon />,
  video: <VideoIcon />,
  image: <ImageIcon />,
  link: <LinkIcon />,
};
type FileType = (typeof FILE_TYPES)[number];
const isFileType = (t: string): t is FileType => (FILE_TYPES as readonly string[]).includes(t);
/** The stored type, or "document" for one this client does not know. */
const fileTypeOf = (t: string): FileType => (isFileType(t) ? t : "document");
const typeLabel = (t: string) => t[0].toUpperCase() + t.slice(1);

export function FilesPanel() {
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [studentId, setStudentId] = useState("");
  const [search, setSearch] = useState("");
  const [fileType, setFileType] = useState<FileType | "">("");
  const [inactiveOnly, setInactiveOnly] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SharedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const q = useDeferredValue(search.trim());
  const filters = {
    student_id: studentId || undefined,
    search: q || undefined,
    file_type: fileType || undefined,
    is_active: inactiveOnly ? false : undefined,
  };
  const [offset, setOffset] = usePageOffset(JSON.stringify(filters));
  const params = { ...filters, limit: ADMIN_PAGE_SIZE, offset };
  const files = useQuery({ ...trpc.admin.files.list.queryOptions(params), placeholderData: keepPreviousData });
  const students = useQuery(trpc.admin.students.queryOptions());
  useEffect(() => {
    if (files.error) fail(files.error, studentId ? "Failed to load files for student." : "Failed to load data.");
  }, [files.error, fail, studentId]);
  useEffect(() => {
    if (students.error) fail(students.error, "Failed to load data.");
  }, [students.error, fail]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.files.pathKey() });
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = {
        title: d.title.trim(),
        description: d.description.trim() || null,
        file_type: d.file_type,
        file_url: d.file_url.trim(),
        is_active: d.is_active,
        file_size: d.file_size,
      };
      return d.id
        ? trpcClient.admin.files.update.mutate({ id: d.id, data: body })
        : trpcClient.admin.files.create.mutate({ ...body, student_id: d.student_id });
    },
    onSuccess: (_r, d) => {
      toast({
        title: "Success",
        description: d.id ? "File updated successfully!" : "File shared successfully!",
        variant: "success",
      });
      setDraft(null);
      refresh();
    },
    onError: (e, d) => fail(e, d.id ? "Failed to update file." : "Failed to share file."),
  });
  const toggle = useMutation(
    trpc.admin.files.update.mutationOptions({
      onSuccess: ({ file }) => {
        toast({
          title: "Success",
          description: file.is_active ? "File activated successfully!" : "File deactivated successfully!",
          variant: "success",
        });
        refresh();
      },
      onError: (e) => fail(e, "Failed to update file status."),
    }),
  );
  const toggleActive = (f: SharedFile) =>
    toggle.mutate({
      id: f.id,
      data: {
        title: f.title,
        description: f.description,
        file_type: fileTypeOf(f.file_type),
        file_url: f.file_url,
        is_active: !f.is_active,
      },
    });
  const remove = useMutation(
    trpc.admin.files.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Success", description: "File deleted successfully!", variant: "success" });
        setDeleting(null);
        refresh();
      },
      onError: (e) => fail(e, "Failed to delete file."),
    }),
  );

  const openNew = () => {
    setFormError(null);
    setDraft({
      student_id: studentId,
      title: "",
      description: "",
      file_type: "document",
      file_url: "",
      is_active: true,
      file_size: null,
    });
  };
  const openEdit = (f: SharedFile) => {
    setFormError(null);
    setDraft({
      id: f.id,
      student_id: f.student_id,
      title: f.title,
      description: f.description ?? "",
      file_type: fileTypeOf(f.file_type),
      file_url: f.file_url,
      is_active: f.is_active,
      file_size: f.file_size,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!draft.student_id || !draft.title.trim() || !draft.file_url.trim()) {
      setFormError("Please fill in all required fields.");
      toast({ title: "Error", description: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    save.mutate(draft);
  };
  const onPick = async (file: File | undefined) => {
    if (!file || !draft) return;
    if (file.size > SHARED_FILE_MAX_BYTES) {
      toast({
        title: "File Too Large",
        description: "Please select a file smaller than 25MB.",
        variant: "destructive",
      });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    setUploading(true);
    try {
      const r = await upload<{ file: { url: string; size: number; file_type: string; original_name: string } }>(
        "/files/upload",
        form,
      );
      setDraft(
        (d) =>
          d && {
            ...d,
            file_url: r.file.url,
            file_size: r.file.size,
            file_type: fileTypeOf(r.file.file_type),
            title: d.title || r.file.original_name.replace(/\.[^.]+$/, ""),
          },
      );
    } catch (e) {
      toast({
        title: "Upload Failed",
        description: e instanceof Error ? e.message : "Failed to upload file.",
        variant: "destructive",
      });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const counts = files.data?.counts;
  const list = files.data?.files ?? [];
  const total = files.data?.total ?? 0;
  const studentOptions = (students.data?.students ?? []).map((s) => ({ value: s.id, label: s.name }));

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={openNew}>+ Share File</Button>
      </div>
      <section aria-label="File counters" className="mb-5 grid gap-3 sm:grid-cols-3">
        <StatCard label="Total files" value={counts?.totalFiles ?? "–"} icon={<FolderIcon className="h-5 w-5" />} />
        <StatCard
          label="Active files"
          value={counts?.activeFiles ?? "–"}
          icon={
            <span aria-hidden="true" className="font-bold">
              ✓
            </span>
          }
        />
        <StatCard label="Students" value={counts?.students ?? "–"} icon={<UsersIcon className="h-5 w-5" />} />
      </section>
      <FilterBar>
        <SelectField
          label="Student"
          value={studentId}
          onChange={(e) => setStudentId(e.target.value)}
          options={[{ value: "", label: "All students" }, ...studentOptions]}
        />
        <TextField
          label="Search"
          type="search"
          placeholder="Title or description"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label="File type"
          value={fileType}
          onChange={(e) => setFileType(isFileType(e.target.value) ? e.target.value : "")}
          options={[{ value: "", label: "All types" }, ...FILE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))]}
        />
        <div className="flex items-end pb-2.5">
          <CheckboxField
            label="Inactive only"
            checked={inactiveOnly}
            onChange={(e) => setInactiveOnly(e.target.checked)}
          />
        </div>
      </FilterBar>

      {files.isPending ? (
        <Spinner label="Loading files" />
      ) : total === 0 ? (
        <EmptyState
          title="No files found"
          message="Share a document, recording or link with a student."
          action={<Button onClick={openNew}>+ Share File</Button>}
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((f) => (
              <li key={f.id} className="min-w-0">
                {/* Inactive files are dimmed by a grey, dashed card rather than transparency, which would
                  take their text below readable contrast. */}
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
                      <p className="text-xs text-slate-600">for {f.student.name}</p>
                    </div>
                    {!f.is_active && <Badge tone="neutral">Inactive</Badge>}
                  </div>
                  {f.description && <p className="mt-3 line-clamp-3 text-sm text-slate-700">{f.description}</p>}
                  <p className="mt-3 text-xs text-slate-600">
                    {typeLabel(f.file_type)} · {formatFileSize(f.file_size)} · shared{" "}
                    {formatAdminDate(f.created_at, prefs)}
                    {f.last_viewed_at ? ` · viewed ${formatAdminDate(f.last_viewed_at, prefs)}` : " · not viewed yet"}
                  </p>
                  <a
                    href={f.file_url}
                    target="_blank"
                    rel="noreferrer"
                    className="mt-2 block max-w-full truncate text-sm text-blue-800 underline"
                  >
                    {f.file_url.startsWith("/api/files/") ? "Open uploaded file" : f.file_url}
                  </a>
                  <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
                    <label className="mr-auto inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-blue-900"
                        checked={f.is_active}
                        disabled={toggle.isPending}
                        onChange={() => toggleActive(f)}
                        aria-label={`Active: ${f.title}`}
                      />
                      Active
                    </label>
                    <Button size="sm" variant="outline" onClick={() => openEdit(f)} aria-label={`Edit ${f.title}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => setDeleting(f)}
                      aria-label={`Delete ${f.title}`}
                    >
                      Delete
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager label="File pages" offset={offset} limit={ADMIN_PAGE_SIZE} total={total} onChange={setOffset} />
        </>
      )}

      <Modal
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? "Edit File" : "Share File"}
        size="lg"
      >
        {draft && (
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Student"
              required
              value={draft.student_id}
              disabled={Boolean(draft.id)}
              hint={draft.id ? "The student of a shared file cannot change." : undefined}
              onChange={(e) => setDraft({ ...draft, student_id: e.target.value })}
              options={studentOptions}
              placeholder="Select a student"
            />
            <SelectField
              label="File type"
              value={draft.file_type}
              onChange={(e) => setDraft({ ...draft, file_type: fileTypeOf(e.target.value) })}
              options={FILE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
            />
            <TextField
              className="sm:col-span-2"
              label="Title"
              required
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              error={formError && !draft.title.trim() ? formError : null}
            />
            <TextAreaField
              className="sm:col-span-2"
              label="Description"
              rows={3}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
            <div className="sm:col-span-2">
              <TextField
                label="File URL"
                required
                type="url"
                inputMode="url"
                placeholder="https://..."
                value={draft.file_url}
                onChange={(e) => setDraft({ ...draft, file_url: e.target.value, file_size: null })}
                error={formError && !draft.file_url.trim() ? formError : null}
                hint="Paste a link, or upload a file (documents, audio, video, images up to 25MB)."
              />
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <input
                  ref={fileInput}
                  type="file"
                  className="sr-only"
                  id="shared-file-upload"
                  onChange={(e) => onPick(e.target.files?.[0])}
                />
                <label
                  htmlFor="shared-file-upload"
                  className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-blue-700"
                >
                  {uploading ? "Uploading..." : "Upload a file"}
                </label>
                {draft.file_size !== null && (
                  <span className="text-xs text-slate-500">{formatFileSize(draft.file_size)}</span>
                )}
              </div>
            </div>
            <CheckboxField
              className="sm:col-span-2"
              label="Active (visible to the student)"
              checked={draft.is_active}
              onChange={(e) => setDraft({ ...draft, is_active: e.target.checked })}
            />
            {formError && (
              <p className="text-sm text-red-700 sm:col-span-2" role="alert">
                {formError}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending || uploading}>
                {save.isPending ? "Saving..." : draft.id ? "Update File" : "Share File"}
              </Button>
            </div>
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete file"
        message="Are you sure you want to delete this file?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
