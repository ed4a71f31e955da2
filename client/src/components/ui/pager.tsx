// Previous/Next paging of a long list: "Showing 26–50 of 130" and two buttons big enough for a
// thumb. The offset lives with the list's filters, so changing a filter starts again at page 1,
// and a refresh after an action keeps the page (the offset is part of the query key).
import { useCallback, useEffect, useState } from "react";
import { useRichT, useT } from "../../lib/i18n.tsx";
import { Button } from "./button.tsx";

/**
 * The first row of the page on show. It goes back to 0 whenever `resetKey` (the filters, as a
 * string) changes. The stored offset is dropped then and there (React's "adjust state while
 * rendering"), so going back to an earlier filter starts at page 1 too, not at its old page.
 */
export function usePageOffset(resetKey: string) {
  const [state, setState] = useState({ key: resetKey, offset: 0 });
  if (state.key !== resetKey) setState({ key: resetKey, offset: 0 });
  const offset = state.key === resetKey ? state.offset : 0;
  const setOffset = useCallback((next: number) => setState({ key: resetKey, offset: next }), [resetKey]);
  return [offset, setOffset] as const;
}

/**
 * A filtered list's page: the query's params (the filters with limit and offset) and the Pager's
 * offset, limit and onChange. A change of filters goes back to page 1 (usePageOffset).
 */
export function usePage<F extends object>(filters: F, limit: number) {
  const [offset, setOffset] = usePageOffset(JSON.stringify(filters));
  return { params: { ...filters, limit, offset }, pager: { offset, limit, onChange: setOffset } };
}

export function Pager({
  offset,
  limit,
  total,
  onChange,
  label,
  className = "",
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  /** The accessible name of the navigation landmark, e.g. "Bookings pages". */
  label?: string;
  className?: string;
}) {
  const t = useT();
  const rich = useRichT();
  // Deleting the last row of the last page leaves an empty page: step back to the new last one.
  useEffect(() => {
    if (total > 0 && offset >= total) onChange(Math.floor((total - 1) / limit) * limit);
  }, [offset, total, limit, onChange]);

  if (total === 0) return null;
  const from = Math.min(offset + 1, total);
  const to = Math.min(offset + limit, total);
  const go = (next: number) => {
    onChange(next);
    // A phone user pressed Next at the foot of the list: show the new page from its top.
    if (typeof window !== "undefined" && window.scrollY > 0) window.scrollTo({ top: 0 });
  };
  return (
    <nav
      aria-label={label ?? t("common.pager.label")}
      className={`mt-4 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p className="text-center text-sm text-slate-600 sm:text-left" aria-live="polite">
        {rich("common.pager.showing", {
          range: (
            <span className="font-semibold text-slate-900 tabular-nums">{from === to ? from : `${from}–${to}`}</span>
          ),
          total: <span className="font-semibold text-slate-900 tabular-nums">{total}</span>,
        })}
      </p>
      {total > limit && (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            variant="outline"
            className="min-h-11"
            disabled={offset === 0}
            onClick={() => go(Math.max(0, offset - limit))}
          >
            <span aria-hidden="true">←</span> {t("common.pager.previous")}
          </Button>
          <Button variant="outline" className="min-h-11" disabled={to >= total} onClick={() => go(offset + limit)}>
            {t("common.pager.next")} <span aria-hidden="true">→</span>
          </Button>
        </div>
      )}
    </nav>
  );
}
