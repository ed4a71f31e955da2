// Student Notes (panel 4): filters, note cards, the add/edit dialog and delete with confirm.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { parseTags } from "../../../../shared/admin-rules.ts";
import { SelectField } from "../../components/ui/field.tsx";
import { ListDialogPanel } from "../../components/ui/list-dialog-panel.tsx";
import { usePage } from "../../components/ui/pager.tsx";
import { useEditDialog } from "../../components/ui/use-edit-dialog.ts";
import { useT } from "../../lib/i18n.tsx";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type StudentNote, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { useAdminPrefs } from "./admin-format.ts";
import { type NoteDraft as Draft, NoteCard, NoteFields } from "./note-card.tsx";
import { StudentFilterBar, useStudentFilter } from "./student-filter-bar.tsx";

export function NotesPanel() {
  const prefs = useAdminPrefs();
  const t = useT();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const student = useStudentFilter();
  const [tag, setTag] = useState("");
  const [privateOnly, setPrivateOnly] = useState(false);
  const filters = {
    student_id: student.studentId || undefined,
    search: student.search || undefined,
    tag: tag || undefined,
    private_only: privateOnly || undefined,
  };
  const page = usePage(filters, ADMIN_PAGE_SIZE);
  const notes = useQuery({ ...trpc.admin.notes.list.queryOptions(page.params), placeholderData: keepPreviousData });
  const tags = useQuery(trpc.admin.notes.tags.queryOptions());
  const { students } = student;
  useLoadFailure(notes.error, t("admin.notes.loadFailed"));

  // The list and the tags (a note's tags feed the tag filter).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.notes.pathKey() });
  const dialog = useEditDialog<Draft, StudentNote>({
    validate: (d) => (!d.student_id || !d.teacher_note.trim() ? t("admin.notes.required") : null),
    save: (d, idempotencyKey) => {
      const body = {
        teacher_note: d.teacher_note.trim(),
        note_date: new Date(`${d.note_date}T12:00:00Z`).toISOString(),
        tags: parseTags(d.tags),
        is_private: d.is_private,
        booking_id: d.booking_id || null,
      };
      return d.id
        ? trpcClient.admin.notes.update.mutate({ id: d.id, data: body })
        : trpcClient.admin.notes.create.mutate({ ...body, student_id: d.student_id, idempotency_key: idempotencyKey });
    },
    remove: (n) => trpcClient.admin.notes.delete.mutate({ id: n.id }),
    messages: {
      created: t("admin.notes.created"),
      updated: t("admin.notes.updated"),
      deleted: t("admin.notes.deleted"),
      createFailed: t("admin.notes.createFailed"),
      updateFailed: t("admin.notes.updateFailed"),
      deleteFailed: t("admin.notes.deleteFailed"),
    },
    onChanged: refresh,
    onError: fail,
  });
  const { draft } = dialog;

  const today = dateKeyInZone(new Date(), prefs.timezone);
  const openNew = () =>
    dialog.open({
      student_id: student.studentId,
      teacher_note: "",
      note_date: today,
      tags: "",
      is_private: false,
      booking_id: "",
    });
  const openEdit = (n: StudentNote) =>
    dialog.open({
      id: n.id,
      student_id: n.student_id,
      teacher_note: n.teacher_note,
      note_date: dateKeyInZone(n.note_date, prefs.timezone),
      tags: n.tags.join(", "),
      is_private: n.is_private,
      booking_id: n.booking?.id ?? "",
    });

  const { studentOptions } = student.bar;
  const lessons = students.data?.students.find((s) => s.id === draft?.student_id)?.bookings ?? [];

  return (
    <ListDialogPanel
      addLabel={t("admin.notes.add")}
      onAdd={openNew}
      filters={
        <StudentFilterBar
          {...student.bar}
          searchPlaceholder={t("admin.notes.searchPlaceholder")}
          only={{ label: t("admin.notes.privateOnly"), checked: privateOnly, onChange: setPrivateOnly }}
        >
          <SelectField
            label={t("admin.notes.tag")}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            options={(tags.data?.tags ?? []).map((tag) => ({ value: tag, label: tag }))}
            placeholder={t("admin.notes.allTags")}
          />
        </StudentFilterBar>
      }
      isLoading={notes.isPending}
      loadingLabel={t("admin.notes.loading")}
      empty={{ title: t("admin.notes.none"), message: t("admin.notes.noneText") }}
      items={notes.data?.notes ?? []}
      itemKey={(n) => n.id}
      renderItem={(n) => <NoteCard note={n} prefs={prefs} onEdit={openEdit} onDelete={dialog.askDelete} />}
      listClassName="grid gap-4 md:grid-cols-2"
      pager={{ label: t("admin.notes.pages"), total: notes.data?.total ?? 0, ...page.pager }}
      form={{
        ...dialog.form,
        title: t(dialog.isEditing ? "admin.notes.editTitle" : "admin.notes.addTitle"),
        submitLabel: t(dialog.isEditing ? "admin.notes.updateSubmit" : "admin.notes.addTitle"),
        fields: draft && (
          <NoteFields
            draft={draft}
            onChange={dialog.setDraft}
            studentOptions={studentOptions}
            lessons={lessons}
            today={today}
            error={dialog.formError}
            prefs={prefs}
          />
        ),
      }}
      confirmDelete={{
        ...dialog.confirmDelete,
        title: t("admin.notes.deleteTitle"),
        message: t("admin.notes.deleteMessage"),
      }}
    />
  );
}
