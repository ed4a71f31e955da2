import { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useT } from "../../lib/i18n.tsx";
import { Button } from "./button.tsx";

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom, right-aligned on wide screens and stacked on a phone. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
};

const WIDTHS = { sm: "sm:max-w-sm", md: "sm:max-w-lg", lg: "sm:max-w-2xl", xl: "sm:max-w-4xl" } as const;

/**
 * An accessible modal: focus trapped, Escape and the backdrop close it, a labelled title. It slides
 * in with CSS alone (@starting-style) and closes at once: Headless UI's own transitions can stick
 * half-open when the modal is closed while still entering (headlessui#3892), leaving an invisible
 * dialog over the page.
 */
export function Modal({ open, onClose, title, description, children, footer, size = "md" }: ModalProps) {
  const t = useT();
  useReturnFocus(open);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 motion-safe:starting:opacity-0"
        aria-hidden="true"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
          <DialogPanel
            className={`w-full ${WIDTHS[size]} max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white shadow-xl transition duration-150 motion-safe:starting:translate-y-4 motion-safe:starting:opacity-0 sm:rounded-2xl`}
          >
            <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
              <div>
                <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
                {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
              </div>
              <button
                type="button"
                onClick={onClose}
                aria-label={t("common.close")}
                className="-mr-1 rounded-lg p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                ×
              </button>
            </div>
            {children && <div className="px-5 py-4 sm:px-6">{children}</div>}
            {footer && (
              <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
                {footer}
              </div>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Gives the focus back to what had it when the modal opened, once it closes or unmounts, if
 * nothing else took it. Headless UI does this from a focus history it starts keeping when it
 * loads, so a dialog loaded on demand (the teacher profile, the custom availability request)
 * opened after its button was focused would leave the focus nowhere.
 */
function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // Read while rendering the opening: Headless UI moves the focus into the panel in its effects.
  if (open && opener.current === null && document.activeElement instanceof HTMLElement) {
    opener.current = document.activeElement;
  }
  useEffect(() => {
    if (!open) return;
    return () => {
      const target = opener.current;
      opener.current = null;
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && target?.isConnected) target.focus();
      });
    };
  }, [open]);
}

type ConfirmProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question, e.g. 'Are you sure you want to delete this note?'. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive,
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t("common.cancel")}
          </Button>
          <Button variant={destructive ? "danger" : "primary"} onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t("common.confirm")}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-700">{message}</div>
    </Modal>
  );
}
