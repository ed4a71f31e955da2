// Student Notes (panel 4): filters, note cards, the add/edit dialog and delete with confirm.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useDeferredValue, useEffect, useState } from "react";
import { parseTags } from "../../../../shared/admin-rules.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog, Modal } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { Pager, usePageOffset } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type StudentNote, useAdminFailure } from "./admin-api.ts";
import { formatAdminDate, formatAdminDateTime, useAdminPrefs, zonedDateKey } from "./admin-format.ts";
import { LockIcon } from "./admin-icons.tsx";
import { FilterBar } from "./admin-shell.tsx";

type Draft = {
  id?: string;
  student_id: string;
  teacher_note: string;
  note_date: string;
  tags: string;
  is_private: boolean;
  booking_id: string;
};

export function NotesPanel() {
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [studentId, setStudentId] = useState("");
  const [search, setSearch] = useState("");
  const [tag, setTag] = useState("");
  const [privateOnly, setPrivateOnly] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StudentNote | null>(null);
  const q = useDeferredValue(search.trim());
  const filters = {
    student_id: studentId || undefined,
    search: q || undefined,
    tag: tag || undefined,
    private_only: privateOnly || undefined,
  };
  const [offset, setOffset] = usePageOffset(JSON.stringify(filters));
  const params = { ...filters, limit: ADMIN_PAGE_SIZE, offset };
  const notes = useQuery({ ...trpc.admin.notes.list.queryOptions(params), placeholderData: keepPreviousData });
  const tags = useQuery(trpc.admin.notes.tags.queryOptions());
  const students = useQuery(trpc.admin.students.queryOptions());
  useEffect(() => {
    if (notes.error) fail(notes.error, "Failed to load notes.");
  }, [notes.error, fail]);

  // The list and the tags (a note's tags feed the tag filter).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.notes.pathKey() });
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = {
        teacher_note: d.teacher_note.trim(),
        note_date: new Date(`${d.note_date}T12:00:00Z`).toISOString(),
        tags: parseTags(d.tags),
        is_private: d.is_private,
        booking_id: d.booking_id || null,
      };
      return d.id
        ? trpcClient.admin.notes.update.mutate({ id: d.id, data: body })
        : trpcClient.admin.notes.create.mutate({ ...body, student_id: d.student_id });
    },
    onSuccess: (_r, d) => {
      toast({
        title: "Success",
        description: d.id ? "Note updated successfully." : "Note added successfully.",
        variant: "success",
      });
      setDraft(null);
      refresh();
    },
    onError: (e, d) => fail(e, d.id ? "Failed to update note." : "Failed to add note."),
  });
  const remove = useMutation(
    trpc.admin.notes.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Success", description: "Note deleted successfully.", variant: "success" });
        setDeleting(null);
        refresh();
      },
      onError: (e) => fail(e, "Failed to delete note."),
    }),
  );

  const today = zonedDateKey(new Date(), prefs.timezone);
  const openNew = () => {
    setFormError(null);
    setDraft({
      student_id: studentId,
      teacher_note: "",
      note_date: today,
      tags: "",
      is_private: false,
      booking_id: "",
    });
  };
  const openEdit = (n: StudentNote) => {
    setFormError(null);
    setDraft({
      id: n.id,
      student_id: n.student_id,
      teacher_note: n.teacher_note,
      note_date: zonedDateKey(n.note_date, prefs.timezone),
      tags: n.tags.join(", "),
      is_private: n.is_private,
      booking_id: n.booking?.id ?? "",
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!draft.student_id || !draft.teacher_note.trim()) {
      setFormError("Please select a student and enter a note.");
      toast({ title: "Error", description: "Please select a student and enter a note.", variant: "destructive" });
      return;
    }
    save.mutate(draft);
  };

  const studentOptions = (students.data?.students ?? []).map((s) => ({ value: s.id, label: s.name }));
  const lessons = students.data?.students.find((s) => s.id === draft?.student_id)?.bookings ?? [];
  const list = notes.data?.notes ?? [];
  const total = notes.data?.total ?? 0;

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={openNew}>+ Add Note</Button>
      </div>
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
          placeholder="Search notes"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label="Tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          options={[{ value: "", label: "All tags" }, ...(tags.data?.tags ?? []).map((t) => ({ value: t, label: t }))]}
        />
        <div className="flex items-end pb-2.5">
          <CheckboxField
            label="Private only"
            checked={privateOnly}
            onChange={(e) => setPrivateOnly(e.target.checked)}
          />
        </div>
      </FilterBar>

      {notes.isPending ? (
        <Spinner label="Loading notes" />
      ) : total === 0 ? (
        <EmptyState
          title="No notes yet"
          message="Notes you write about lessons and progress appear here."
          action={<Button onClick={openNew}>+ Add Note</Button>}
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {list.map((n) => (
              <li key={n.id} className="min-w-0">
                <Card className="flex h-full flex-col p-5">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{n.student.name}</p>
                      <p className="text-xs text-slate-500">
                        {formatAdminDate(n.note_date, prefs, true)}
                        {n.author_name && !n.is_mine ? ` · by ${n.author_name}` : ""}
                      </p>
                    </div>
                    {n.is_private ? (
                      <Badge tone="amber">
                        <LockIcon className="mr-1 h-3 w-3" />
                        Private
                      </Badge>
                    ) : (
                      <Badge tone="green">Shared</Badge>
                    )}
                  </div>
                  <p className="mt-3 flex-1 whitespace-pre-line text-sm text-slate-800">{n.teacher_note}</p>
                  {n.booking && (
                    <p className="mt-3 text-xs text-slate-500">
                      Lesson: {formatAdminDateTime(n.booking.lesson_date, prefs)} ·{" "}
                      {n.booking.lesson_type === "online" ? "Online" : "In-person"}
                    </p>
                  )}
                  {n.tags.length > 0 && (
                    <div className="mt-3 flex flex-wrap gap-1.5">
                      {n.tags.map((t) => (
                        <Badge key={t} tone="blue">
                          #{t}
                        </Badge>
                      ))}
                    </div>
                  )}
                  {n.is_mine && (
                    <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
                      <Button size="sm" variant="outline" onClick={() => openEdit(n)}>
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setDeleting(n)}>
                        Delete
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          <Pager label="Note pages" offset={offset} limit={ADMIN_PAGE_SIZE} total={total} onChange={setOffset} />
        </>
      )}

      <Modal
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? "Edit Note" : "Add Note"}
        size="lg"
      >
        {draft && (
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Student"
              required
              value={draft.student_id}
              disabled={Boolean(draft.id)}
              hint={draft.id ? "The student of a note cannot change." : undefined}
              onChange={(e) => setDraft({ ...draft, student_id: e.target.value, booking_id: "" })}
              options={studentOptions}
              placeholder="Select a student"
            />
            <TextField
              label="Note date"
              type="date"
              value={draft.note_date}
              onChange={(e) => setDraft({ ...draft, note_date: e.target.value || today })}
            />
            <SelectField
              className="sm:col-span-2"
              label="Related lesson (optional)"
              value={draft.booking_id}
              disabled={!draft.student_id}
              onChange={(e) => setDraft({ ...draft, booking_id: e.target.value })}
              options={[
                { value: "", label: "No related lesson" },
                ...lessons.map((b) => ({
                  value: b.id,
                  label: `${formatAdminDateTime(b.lesson_date, prefs)} · ${b.lesson_type === "online" ? "Online" : "In-person"} · ${b.status}`,
                })),
              ]}
            />
            <TextAreaField
              className="sm:col-span-2"
              label="Note"
              required
              rows={5}
              value={draft.teacher_note}
              onChange={(e) => setDraft({ ...draft, teacher_note: e.target.value })}
              error={formError}
            />
            <TextField
              className="sm:col-span-2"
              label="Tags"
              placeholder="grammar, speaking, exam"
              hint="Separate tags with commas."
              value={draft.tags}
              onChange={(e) => setDraft({ ...draft, tags: e.target.value })}
            />
            <CheckboxField
              className="sm:col-span-2"
              label="Private note (only you can see it)"
              checked={draft.is_private}
              onChange={(e) => setDraft({ ...draft, is_private: e.target.checked })}
            />
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : draft.id ? "Update Note" : "Add Note"}
              </Button>
            </div>
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete note"
        message="Are you sure you want to delete this note?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
