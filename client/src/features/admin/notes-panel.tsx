// Student Notes (panel 4): filters, note cards, the add/edit dialog and delete with confirm.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useDeferredValue, useEffect, useState } from "react";
import { parseTags } from "../../../../shared/admin-rules.ts";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field.tsx";
import { ListDialogPanel } from "../../components/ui/list-dialog-panel.tsx";
import { usePageOffset } from "../../components/ui/pager.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, type StudentNote, useAdminFailure } from "./admin-api.ts";
import { useAdminPrefs } from "./admin-format.ts";
import { FilterBar } from "./admin-shell.tsx";
import { type NoteDraft as Draft, NoteCard, NoteFields } from "./note-card.tsx";

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

  const today = dateKeyInZone(new Date(), prefs.timezone);
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
      note_date: dateKeyInZone(n.note_date, prefs.timezone),
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

  return (
    <ListDialogPanel
      addLabel="+ Add Note"
      onAdd={openNew}
      filters={
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
            options={[
              { value: "", label: "All tags" },
              ...(tags.data?.tags ?? []).map((t) => ({ value: t, label: t })),
            ]}
          />
          <div className="flex items-end pb-2.5">
            <CheckboxField
              label="Private only"
              checked={privateOnly}
              onChange={(e) => setPrivateOnly(e.target.checked)}
            />
          </div>
        </FilterBar>
      }
      isLoading={notes.isPending}
      loadingLabel="Loading notes"
      empty={{ title: "No notes yet", message: "Notes you write about lessons and progress appear here." }}
      items={notes.data?.notes ?? []}
      itemKey={(n) => n.id}
      renderItem={(n) => <NoteCard note={n} prefs={prefs} onEdit={openEdit} onDelete={setDeleting} />}
      listClassName="grid gap-4 md:grid-cols-2"
      pager={{
        label: "Note pages",
        offset,
        limit: ADMIN_PAGE_SIZE,
        total: notes.data?.total ?? 0,
        onChange: setOffset,
      }}
      form={{
        isOpen: draft !== null,
        title: draft?.id ? "Edit Note" : "Add Note",
        onClose: () => setDraft(null),
        onSubmit: submit,
        submitLabel: draft?.id ? "Update Note" : "Add Note",
        isSaving: save.isPending,
        fields: draft && (
          <NoteFields
            draft={draft}
            onChange={setDraft}
            studentOptions={studentOptions}
            lessons={lessons}
            today={today}
            error={formError}
            prefs={prefs}
          />
        ),
      }}
      confirmDelete={{
        isOpen: deleting !== null,
        title: "Delete note",
        message: "Are you sure you want to delete this note?",
        isBusy: remove.isPending,
        onConfirm: () => deleting && remove.mutate({ id: deleting.id }),
        onCancel: () => setDeleting(null),
      }}
    />
  );
}
