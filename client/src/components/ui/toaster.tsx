import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useT } from "../../lib/i18n.tsx";

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
};
type ToastInput = Omit<Toast, "id">;

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

const VARIANTS = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-950",
  destructive: "border-red-200 bg-red-50 text-red-950",
} as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all.slice(-3), { ...toast, id }]);
      setTimeout(() => dismiss(id), 6000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-auto sm:right-4 sm:bottom-4 sm:items-end"
      >
        {toasts.map((toast) => (
          // Slides in with CSS alone (@starting-style): no Headless UI on the landing page.
          <div
            key={toast.id}
            role={toast.variant === "destructive" ? "alert" : "status"}
            className={`pointer-events-auto w-full max-w-sm rounded-xl border p-4 shadow-lg transition duration-200 starting:translate-y-2 starting:opacity-0 ${VARIANTS[toast.variant ?? "default"]}`}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="font-semibold">{toast.title}</p>
                {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
              </div>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="rounded-md px-1 text-lg leading-none opacity-60 hover:opacity-100 focus-visible:outline-2"
                aria-label={t("common.dismissNotification")}
              >
                ×
              </button>
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
