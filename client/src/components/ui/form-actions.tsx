import { useT } from "../../lib/i18n.tsx";
import { Button } from "./button.tsx";

/** A form's cancel and submit buttons: stacked on phones with submit on top, in a row from sm up. */
export function FormActions({
  className = "",
  cancelLabel,
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
  isDisabled = false,
}: {
  /** Placement and frame (margin, border, grid span). */
  className?: string;
  cancelLabel?: string;
  onCancel: () => void;
  submitLabel: string;
  /** The submit button's text while the form is being sent; it waits meanwhile. */
  pendingLabel: string;
  isPending: boolean;
  isDisabled?: boolean;
}) {
  const t = useT();
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`}>
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel ?? t("common.cancel")}
      </Button>
      <Button type="submit" disabled={isPending || isDisabled}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
