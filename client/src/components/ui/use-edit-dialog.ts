// The state of a list's add/edit dialog and its delete confirmation: the draft being edited (one
// with an id updates, one without creates), the form's error, the item waiting for a confirmed
// delete, and the two mutations with their toasts. Made for ListDialogPanel's `form` and
// `confirmDelete`; the caller adds the titles, labels and fields. A double tap saves or deletes
// once, and a new item carries an idempotency key (one per draft, kept while the server has not
// answered) so that a repeat after a lost answer is the same create.
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useState } from "react";
import { useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
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
  /** `idempotencyKey`: the create's key (an update needs none). */
  save: (draft: D, idempotencyKey: string) => Promise<unknown>;
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
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const flight = useSingleFlight();

  const saving = useMutation({
    mutationFn: (d: D) => save(d, attempt),
    onSuccess: (_r, d) => {
      setAttempt(newIdempotencyKey());
      toast({
        title: t("common.success"),
        description: d.id ? messages.updated : messages.created,
        variant: "success",
      });
      setDraft(null);
      onChanged();
    },
    onError: (e, d) => {
      // The server said no: the corrected draft is a new request. (No answer: the same one, retried.)
      if (e instanceof TRPCClientError && e.data) setAttempt(newIdempotencyKey());
      onError(e, d.id ? messages.updateFailed : messages.createFailed);
    },
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
    setAttempt(newIdempotencyKey());
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
    void flight.run(() => saving.mutateAsync(draft));
  };

  return {
    draft,
    setDraft,
    formError,
    isEditing: Boolean(draft?.id),
    open,
    askDelete: setDeleting,
    form: { isOpen: draft !== null, onClose: () => setDraft(null), onSubmit: submit, isSaving: flight.busy },
    confirmDelete: {
      isOpen: deleting !== null,
      isBusy: flight.busy,
      onConfirm: () => deleting && flight.run(() => removing.mutateAsync(deleting)),
      onCancel: () => setDeleting(null),
    },
  };
}
