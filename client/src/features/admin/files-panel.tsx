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
import { useT } from "../../lib/i18n.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type SharedFile, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { useAdminPrefs } from "./admin-format.ts";
import { type FileType, fileTypeOf, isFileType, SharedFileCard, typeLabel } from "./shared-file-card.tsx";
import { type FileDraft, SharedFileFields, useFileUpload } from "./shared-file-fields.tsx";
import { StudentFilterBar, useStudentFilter } from "./student-filter-bar.tsx";

export function FilesPanel() {
  const prefs = useAdminPrefs();
  const t = useT();
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
  useLoadFailure(files.error, t(student.studentId ? "admin.files.loadFailedStudent" : "admin.files.loadFailed"));
  useLoadFailure(students.error, t("admin.files.loadFailed"));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.files.pathKey() });
  const dialog = useEditDialog<FileDraft, SharedFile>({
    validate: (d) => (!d.student_id || !d.title.trim() || !d.file_url.trim() ? t("admin.files.required") : null),
    save: (d, idempotencyKey) => {
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
        : trpcClient.admin.files.create.mutate({ ...body, student_id: d.student_id, idempotency_key: idempotencyKey });
    },
    remove: (f) => trpcClient.admin.files.delete.mutate({ id: f.id }),
    messages: {
      created: t("admin.files.created"),
      updated: t("admin.files.updated"),
      deleted: t("admin.files.deleted"),
      createFailed: t("admin.files.createFailed"),
      updateFailed: t("admin.files.updateFailed"),
      deleteFailed: t("admin.files.deleteFailed"),
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
          title: t("admin.files.success"),
          description: t(file.is_active ? "admin.files.activated" : "admin.files.deactivated"),
          variant: "success",
        });
        refresh();
      },
      onError: (e) => fail(e, t("admin.files.statusFailed")),
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
      addLabel={t("admin.files.add")}
      onAdd={openNew}
      summary={
        <section aria-label={t("admin.files.counters")} className="mb-5 grid gap-3 sm:grid-cols-3">
          <StatCard
            label={t("admin.files.total")}
            value={counts?.totalFiles ?? "–"}
            icon={<FolderIcon className="h-5 w-5" />}
          />
          <StatCard
            label={t("admin.files.active")}
            value={counts?.activeFiles ?? "–"}
            icon={
              <span aria-hidden="true" className="font-bold">
                ✓
              </span>
            }
          />
          <StatCard
            label={t("admin.files.students")}
            value={counts?.students ?? "–"}
            icon={<UsersIcon className="h-5 w-5" />}
          />
        </section>
      }
      filters={
        <StudentFilterBar
          {...student.bar}
          searchPlaceholder={t("admin.files.searchPlaceholder")}
          only={{ label: t("admin.files.inactiveOnly"), checked: inactiveOnly, onChange: setInactiveOnly }}
        >
          <SelectField
            label={t("admin.files.type")}
            value={fileType}
            onChange={(e) => setFileType(isFileType(e.target.value) ? e.target.value : "")}
            options={FILE_TYPES.map((type) => ({ value: type, label: typeLabel(type, t) }))}
            placeholder={t("admin.files.allTypes")}
          />
        </StudentFilterBar>
      }
      isLoading={files.isPending}
      loadingLabel={t("admin.files.loading")}
      empty={{ title: t("admin.files.none"), message: t("admin.files.noneText") }}
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
      pager={{ label: t("admin.files.pages"), total: files.data?.total ?? 0, ...page.pager }}
      form={{
        ...dialog.form,
        title: t(dialog.isEditing ? "admin.files.editTitle" : "admin.files.shareTitle"),
        submitLabel: t(dialog.isEditing ? "admin.files.updateSubmit" : "admin.files.shareTitle"),
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
        title: t("admin.files.deleteTitle"),
        message: t("admin.files.deleteMessage"),
      }}
    />
  );
}
