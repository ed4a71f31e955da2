// Who holds pending lessons, and since when (issue 27): the students whose requests wait for the
// teacher, the longest-waiting first, with how many of their lessons are unpaid (those count
// against the limit in Settings). Shown on the dashboard only while someone holds any.
import { useQuery } from "@tanstack/react-query";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

/** Which of a student's pending lessons are unpaid: all of them, none, or some (`count`). */
const unpaidCase = (pending: number, unpaid: number) => (unpaid === pending ? "all" : unpaid === 0 ? "none" : "some");

export function PendingHoldersCard() {
  const prefs = useAdminPrefs();
  const t = useT();
  const query = useQuery({ ...trpc.admin.pendingHolders.queryOptions(), retry: false });
  const data = query.data;
  if (!data || data.holders.length === 0) return null;
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <section aria-labelledby="pending-holders">
        <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
          <h2 id="pending-holders" className="text-lg font-semibold text-slate-900">
            {t("admin.holders.title")}
          </h2>
          <Link to="/admin/orders" className="text-sm font-semibold text-blue-800 hover:underline">
            {t("admin.holders.orders")}
          </Link>
        </div>
        <p className="mb-4 text-sm text-slate-600">
          {data.cap === null ? t("admin.holders.intro") : t("admin.holders.introCap", { cap: data.cap })}
        </p>
        <ul className="divide-y divide-slate-100">
          {data.holders.map((h) => {
            const atCap = data.cap !== null && h.unpaid_pending_lessons >= data.cap;
            return (
              <li
                key={h.student_id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {h.name}
                    {atCap && <Badge tone="amber">{t("admin.holders.atLimit")}</Badge>}
                  </p>
                  <p className="truncate text-xs text-slate-500">{h.email}</p>
                </div>
                <div className="text-sm text-slate-700 sm:text-right">
                  <p>
                    {t("admin.holders.pending", {
                      pending: h.pending_lessons,
                      unpaid: unpaidCase(h.pending_lessons, h.unpaid_pending_lessons),
                      count: h.unpaid_pending_lessons,
                    })}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t("admin.holders.since", { date: formatAdminDateTime(h.oldest_request_at, prefs, true) })}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
