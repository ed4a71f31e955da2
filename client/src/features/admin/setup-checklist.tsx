// The dashboard's first-run checklist (issue 33, item 8): what a new teacher sets before students
// book, each item done by what the settings hold, shown until every item is done.
import { useQuery } from "@tanstack/react-query";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Card } from "../../components/ui/card.tsx";
import { CheckIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";

type Item = keyof RouterOutputs["admin"]["settings"]["setup"]["items"];

const ITEMS: { key: Item; title: MessageKey; text: MessageKey; to: string | null }[] = [
  { key: "profile", title: "admin.setup.profile", text: "admin.setup.profileText", to: "/admin/settings" },
  { key: "payment", title: "admin.setup.payment", text: "admin.setup.paymentText", to: "/admin/settings" },
  { key: "meetingLink", title: "admin.setup.meetingLink", text: "admin.setup.meetingLinkText", to: "/admin/settings" },
  { key: "schedule", title: "admin.setup.schedule", text: "admin.setup.scheduleText", to: "/admin/availability" },
  { key: "googleSignIn", title: "admin.setup.google", text: "admin.setup.googleText", to: null },
];

export function SetupChecklist() {
  const t = useT();
  const setup = useQuery({ ...trpc.admin.settings.setup.queryOptions(), retry: false });
  if (!setup.data || setup.data.done) return null;
  const { items } = setup.data;
  const done = ITEMS.filter((i) => items[i.key]).length;
  return (
    <Card className="mb-6 border-amber-200 p-4 sm:p-6">
      <section aria-labelledby="setup-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="setup-title" className="text-lg font-semibold text-slate-900">
            {t("admin.setup.title")}
          </h2>
          <p className="text-sm font-medium text-slate-600">
            {t("admin.setup.progress", { done, total: ITEMS.length })}
          </p>
        </div>
        <p className="mt-1 text-sm text-slate-600">{t("admin.setup.text")}</p>
        <ul className="mt-4 grid gap-2">
          {ITEMS.map((item) => {
            const isDone = items[item.key];
            return (
              <li key={item.key} className="flex items-start gap-3 rounded-xl bg-slate-50 px-3 py-2.5">
                <span
                  className={`mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full ${isDone ? "bg-emerald-600 text-white" : "border-2 border-slate-300 bg-white"}`}
                >
                  {isDone && <CheckIcon className="h-4 w-4" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className={`block font-medium ${isDone ? "text-slate-500 line-through" : "text-slate-900"}`}>
                    {t(item.title)}
                    <span className="sr-only"> ({t(isDone ? "admin.setup.done" : "admin.setup.toDo")})</span>
                  </span>
                  {!isDone && <span className="block text-sm break-words text-slate-600">{t(item.text)}</span>}
                </span>
                {!isDone && item.to && (
                  <Link
                    to={item.to}
                    className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-blue-800 underline hover:bg-blue-50"
                  >
                    {t("admin.setup.open")}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
