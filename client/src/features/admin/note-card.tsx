// A student note as a card of the notes list, and the fields of its add/edit form.

import type { Translate } from "../../../../shared/i18n/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { LockIcon } from "../../components/ui/private-icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { AdminStudent, StudentNote } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate, formatAdminDateTime } from "./admin-format.ts";
import { type StudentRecordFieldsProps, StudentSelectField } from "./student-select-field.tsx";

export type NoteDraft = {
  id?: string;
  student_id: string;
  teacher_note: string;
  note_date: string;
  tags: string;
  is_private: boolean;
  booking_id: string;
};

const lessonTypeLabel = (type: string, t: Translate) =>
  t(type === "online" ? "admin.lessonType.online" : "admin.lessonType.inPerson");

export function NoteCard({
  note: n,
  prefs,
  onEdit,
  onDelete,
}: {
  note: StudentNote;
  prefs: AdminPrefs;
  onEdit: (n: StudentNote) => void;
  onDelete: (n: StudentNote) => void;
}) {
  const t = useT();
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* Issue 31: the learner the note is about; a child's guardian beside. */}
          <p className="font-semibold text-slate-900">{n.learner?.name ?? n.student.name}</p>
          {n.guardian && (
            <p className="text-xs text-slate-600">{t("admin.details.guardian", { name: n.guardian.name })}</p>
          )}
          <p className="text-xs text-slate-500">
            {formatAdminDate(n.note_date, prefs, true)}
            {n.author_name && !n.is_mine ? t("admin.notes.by", { name: n.author_name }) : ""}
          </p>
        </div>
        {n.is_private ? (
          <Badge tone="amber">
            <LockIcon className="mr-1 h-3 w-3" />
            {t("admin.notes.private")}
          </Badge>
        ) : (
          <Badge tone="green">{t("admin.notes.shared")}</Badge>
        )}
      </div>
      <p className="mt-3 flex-1 whitespace-pre-line text-sm text-slate-800">{n.teacher_note}</p>
      {n.booking && (
        <p className="mt-3 text-xs text-slate-500">
          {t("admin.notes.lesson", {
            date: formatAdminDateTime(n.booking.lesson_date, prefs),
            type: lessonTypeLabel(n.booking.lesson_type, t),
          })}
        </p>
      )}
      {n.tags.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-1.5">
          {n.tags.map((tag) => (
            <Badge key={tag} tone="blue">
              #{tag}
            </Badge>
          ))}
        </div>
      )}
      {n.is_mine && (
        <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
          <Button size="sm" variant="outline" onClick={() => onEdit(n)}>
            {t("admin.notes.edit")}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => onDelete(n)}>
            {t("admin.notes.delete")}
          </Button>
        </div>
      )}
    </Card>
  );
}

export function NoteFields({
  draft,
  onChange,
  studentOptions,
  error,
  lessons,
  today,
  prefs,
}: StudentRecordFieldsProps<NoteDraft> & { lessons: AdminStudent["bookings"]; today: string; prefs: AdminPrefs }) {
  const t = useT();
  const field = bindFields(draft, (patch) => onChange({ ...draft, ...patch }));
  return (
    <>
      <StudentSelectField
        value={draft.student_id}
        locked={Boolean(draft.id)}
        what="note"
        options={studentOptions}
        onChange={(studentId) => onChange({ ...draft, student_id: studentId, booking_id: "" })}
      />
      <TextField
        label={t("admin.notes.date")}
        type="date"
        value={draft.note_date}
        onChange={(e) => onChange({ ...draft, note_date: e.target.value || today })}
      />
      <SelectField
        className="sm:col-span-2"
        label={t("admin.notes.relatedLesson")}
        {...field.text("booking_id")}
        disabled={!draft.student_id}
        options={lessons.map((b) => ({
          value: b.id,
          label: t("admin.notes.lessonOption", {
            date: formatAdminDateTime(b.lesson_date, prefs),
            type: lessonTypeLabel(b.lesson_type, t),
            status: t("admin.notes.lessonStatus", { status: b.status }),
          }),
        }))}
        placeholder={t("admin.notes.noRelated")}
      />
      <TextAreaField
        className="sm:col-span-2"
        label={t("admin.notes.note")}
        required
        rows={5}
        {...field.text("teacher_note")}
        error={error}
      />
      <TextField
        className="sm:col-span-2"
        label={t("admin.notes.tags")}
        placeholder={t("admin.notes.tagsPlaceholder")}
        hint={t("admin.notes.tagsHint")}
        {...field.text("tags")}
      />
      <CheckboxField className="sm:col-span-2" label={t("admin.notes.privateNote")} {...field.checked("is_private")} />
    </>
  );
}
