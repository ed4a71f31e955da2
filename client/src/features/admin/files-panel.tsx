// Shared Files and Resources (panel 3): counters, filters, file cards, share/edit dialog (a
// link or an upload), the active toggle and delete with confirm.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FILE_TYPES } from "../../../../shared/constants.ts";
import { SelectField } from "../../components/ui/field.tsx";
import { UsersIcon } from "../../components/ui/icons.tsx";
import { ListDialogPanel } from "../../components/ui/list-dialog-panel.tsx";
import { usePage } from "../../components/ui/pager.tsx";
import { FolderIcon } from "../../components/ui/private-icons.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useEditDialog } from "../../components/ui/use-edit-dialog.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type SharedFile, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { useAdminPrefs } from "./admin-format.ts";
import { type FileType, fileTypeOf, isFileType, SharedFileCard, typeLabel } from "./shared-file-card.tsx";
import { type FileDraft, SharedFileFields, useFileUpload } from "./shared-file-fields.tsx";
import { StudentFilterBar, useStudentFilter } from "./student-filter-bar.tsx";

export function FilesPanel() {
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const student = useStudentFilter();
  const [fileType, setFileType] = useState<FileType | "">("");
  const [inactiveOnly, setInactiveOnly] = useState(false);
  const filters = {
    student_id: student.studentId || undefined,
    search: student.search || undefined,
    file_type: fileType || undefined,
    is_active: inactiveOnly ? false : undefined,
  };
  const page = usePage(filters, ADMIN_PAGE_SIZE);
  const files = useQuery({ ...trpc.admin.files.list.queryOptions(page.params), placeholderData: keepPreviousData });
  const { students } = student;
  useLoadFailure(files.error, student.studentId ? "Failed to load files for student." : "Failed to load data.");
  useLoadFailure(students.error, "Failed to load data.");

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.files.pathKey() });
  const dialog = useEditDialog<FileDraft, SharedFile>({
    validate: (d) =>
      !d.student_id || !d.title.trim() || !d.file_url.trim() ? "Please fill in all required fields." : null,
    save: (d) => {
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
    remove: (f) => trpcClient.admin.files.delete.mutate({ id: f.id }),
    messages: {
      created: "File shared successfully!",
      updated: "File updated successfully!",
      deleted: "File deleted successfully!",
      createFailed: "Failed to share file.",
      updateFailed: "Failed to update file.",
      deleteFailed: "Failed to delete file.",
    },
    onChanged: refresh,
    onError: fail,
  });
  const { draft } = dialog;
  const fileUpload = useFileUpload(dialog.setDraft);
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
  const openNew = () =>
    dialog.open({
      student_id: student.studentId,
      title: "",
      description: "",
      file_type: "document",
      file_url: "",
      is_active: true,
      file_size: null,
    });
  const openEdit = (f: SharedFile) =>
    dialog.open({
      id: f.id,
      student_id: f.student_id,
      title: f.title,
      description: f.description ?? "",
      file_type: fileTypeOf(f.file_type),
      file_url: f.file_url,
      is_active: f.is_active,
      file_size: f.file_size,
    });

  const counts = files.data?.counts;
  const { studentOptions } = student.bar;

  return (
    <ListDialogPanel
      addLabel="+ Share File"
      onAdd={openNew}
      summary={
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
      }
      filters={
        <StudentFilterBar
          {...student.bar}
          searchPlaceholder="Title or description"
          only={{ label: "Inactive only", checked: inactiveOnly, onChange: setInactiveOnly }}
        >
          <SelectField
            label="File type"
            value={fileType}
            onChange={(e) => setFileType(isFileType(e.target.value) ? e.target.value : "")}
            options={FILE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
            placeholder="All types"
          />
        </StudentFilterBar>
      }
      isLoading={files.isPending}
      loadingLabel="Loading files"
      empty={{ title: "No files found", message: "Share a document, recording or link with a student." }}
      items={files.data?.files ?? []}
      itemKey={(f) => f.id}
      renderItem={(f) => (
        <SharedFileCard
          file={f}
          prefs={prefs}
          isToggling={toggle.isPending}
          onToggle={toggleActive}
          onEdit={openEdit}
          onDelete={dialog.askDelete}
        />
      )}
      listClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      pager={{ label: "File pages", total: files.data?.total ?? 0, ...page.pager }}
      form={{
        ...dialog.form,
        title: dialog.isEditing ? "Edit File" : "Share File",
        submitLabel: dialog.isEditing ? "Update File" : "Share File",
        isSubmitDisabled: fileUpload.isUploading,
        fields: draft && (
          <SharedFileFields
            draft={draft}
            onChange={dialog.setDraft}
            studentOptions={studentOptions}
            error={dialog.formError}
            fileUpload={fileUpload}
          />
        ),
      }}
      confirmDelete={{
        ...dialog.confirmDelete,
        title: "Delete file",
        message: "Are you sure you want to delete this file?",
      }}
    />
  );
}
