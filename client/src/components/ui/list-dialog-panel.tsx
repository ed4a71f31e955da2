// A paged list of cards with an add button and filters, its add/edit form in a dialog and a
// confirmation before an item is deleted. The caller owns the data and the form's fields.
import type { FormEvent, ReactNode } from "react";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "./button.tsx";
import { ConfirmDialog, Modal } from "./dialog.tsx";
import { EmptyState } from "./empty-state.tsx";
import { FormActions } from "./form-actions.tsx";
import { Pager } from "./pager.tsx";
import { Spinner } from "./spinner.tsx";

type FormDialog = {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  /** Saving: the submit button says so and waits. */
  isSaving: boolean;
  isSubmitDisabled?: boolean;
  /** The form's fields, laid out on a two-column grid from sm up. */
  fields: ReactNode;
};

type DeleteConfirmation = {
  isOpen: boolean;
  title: string;
  message: string;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ListDialogPanel<T>({
  addLabel,
  onAdd,
  summary,
  filters,
  isLoading,
  loadingLabel,
  empty,
  items,
  itemKey,
  renderItem,
  listClassName,
  pager,
  form,
  confirmDelete,
}: {
  addLabel: string;
  onAdd: () => void;
  /** Shown between the add button and the filters (counters). */
  summary?: ReactNode;
  filters: ReactNode;
  isLoading: boolean;
  loadingLabel: string;
  empty: { title: string; message: string };
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The grid of the cards. */
  listClassName: string;
  pager: { label: string; offset: number; limit: number; total: number; onChange: (offset: number) => void };
  form: FormDialog;
  confirmDelete: DeleteConfirmation;
}) {
  const t = useT();
  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={onAdd}>{addLabel}</Button>
      </div>
      {summary}
      {filters}

      {isLoading ? (
        <Spinner label={loadingLabel} />
      ) : pager.total === 0 ? (
        <EmptyState title={empty.title} message={empty.message} action={<Button onClick={onAdd}>{addLabel}</Button>} />
      ) : (
        <>
          <ul className={listClassName}>
            {items.map((item) => (
              <li key={itemKey(item)} className="min-w-0">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <Pager {...pager} />
        </>
      )}

      <Modal open={form.isOpen} onClose={form.onClose} title={form.title} size="lg">
        {form.isOpen && (
          <form onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            {form.fields}
            <FormActions
              className="sm:col-span-2"
              onCancel={form.onClose}
              submitLabel={form.submitLabel}
              pendingLabel={t("common.saving")}
              isPending={form.isSaving}
              isDisabled={form.isSubmitDisabled}
            />
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={confirmDelete.isOpen}
        title={confirmDelete.title}
        message={confirmDelete.message}
        confirmLabel={t("common.delete")}
        destructive
        busy={confirmDelete.isBusy}
        onConfirm={confirmDelete.onConfirm}
        onCancel={confirmDelete.onCancel}
      />
    </>
  );
}
