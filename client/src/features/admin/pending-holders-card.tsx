// Who holds pending lessons, and since when (issue 27): the students whose requests wait for the
// teacher, the longest-waiting first, with how many of their lessons are unpaid (those count
// against the limit in Settings). Shown on the dashboard only while someone holds any.
import { useQuery } from "@tanstack/react-query";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Link } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

const lessons = (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`;
const unpaidLabel = (pending: number, unpaid: number) =>
  unpaid === pending ? (pending === 1 ? "unpaid" : "all unpaid") : unpaid === 0 ? "paid" : `${unpaid} unpaid`;

export function PendingHoldersCard() {
  const prefs = useAdminPrefs();
  const query = useQuery({ ...trpc.admin.pendingHolders.queryOptions(), retry: false });
  const data = query.data;
  if (!data || data.holders.length === 0) return null;
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <section aria-labelledby="pending-holders">
        <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
          <h2 id="pending-holders" className="text-lg font-semibold text-slate-900">
            Waiting for you: pending lessons by student
          </h2>
          <Link to="/admin/orders" className="text-sm font-semibold text-blue-800 hover:underline">
            Orders and payments
          </Link>
        </div>
        <p className="mb-4 text-sm text-slate-600">
          {data.cap === null
            ? "Students whose requests wait for your confirmation, the longest-waiting first."
            : `Students whose requests wait for your confirmation, the longest-waiting first. Each can hold at most ${lessons(data.cap)} unpaid.`}
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
                    {atCap && <Badge tone="amber">At the limit</Badge>}
                  </p>
                  <p className="truncate text-xs text-slate-500">{h.email}</p>
                </div>
                <div className="text-sm text-slate-700 sm:text-right">
                  <p>
                    {lessons(h.pending_lessons)} pending, {unpaidLabel(h.pending_lessons, h.unpaid_pending_lessons)}
                  </p>
                  <p className="text-xs text-slate-500">
                    Waiting since {formatAdminDateTime(h.oldest_request_at, prefs, true)}
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
