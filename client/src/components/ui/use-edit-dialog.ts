// The state of a list's add/edit dialog and its delete confirmation: the draft being edited (one
// with an id updates, one without creates), the form's error, the item waiting for a confirmed
// delete, and the two mutations with their toasts. Made for ListDialogPanel's `form` and
// `confirmDelete`; the caller adds the titles, labels and fields.
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useT } from "../../lib/i18n.tsx";
import { useToast } from "./toaster.tsx";

type Messages = {
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
};

export function useEditDialog<D extends { id?: string }, T>({
  validate,
  save,
  remove,
  messages,
  onChanged,
  onError,
}: {
  /** The problem with a draft, shown in the form and a toast, or null to save it. */
  validate: (draft: D) => string | null;
  save: (draft: D) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  messages: Messages;
  /** After a save or a delete (refresh the list). */
  onChanged: () => void;
  onError: (error: unknown, message: string) => void;
}) {
  const toast = useToast();
  const t = useT();
  const [draft, setDraft] = useState<D | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const saving = useMutation({
    mutationFn: save,
    onSuccess: (_r, d) => {
      toast({
        title: t("common.success"),
        description: d.id ? messages.updated : messages.created,
        variant: "success",
      });
      setDraft(null);
      onChanged();
    },
    onError: (e, d) => onError(e, d.id ? messages.updateFailed : messages.createFailed),
  });
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      toast({ title: t("common.success"), description: messages.deleted, variant: "success" });
      setDeleting(null);
      onChanged();
    },
    onError: (e) => onError(e, messages.deleteFailed),
  });

  const open = (next: D) => {
    setFormError(null);
    setDraft(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const problem = validate(draft);
    if (problem) {
      setFormError(problem);
      toast({ title: t("common.error"), description: problem, variant: "destructive" });
      return;
    }
    saving.mutate(draft);
  };

  return {
    draft,
    setDraft,
    formError,
    isEditing: Boolean(draft?.id),
    open,
    askDelete: setDeleting,
    form: { isOpen: draft !== null, onClose: () => setDraft(null), onSubmit: submit, isSaving: saving.isPending },
    confirmDelete: {
      isOpen: deleting !== null,
      isBusy: removing.isPending,
      onConfirm: () => deleting && removing.mutate(deleting),
      onCancel: () => setDeleting(null),
    },
  };
}
