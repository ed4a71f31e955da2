// The family's receipts and invoices (issue 30, item 4): each document issued for their payments,
// newest first, with its PDF. A forfettario invoice's PDF is the courtesy copy: the invoice itself
// reaches the payer's tax drawer through the SdI, and the page says so.
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Card } from "../../components/ui/card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { PageSection } from "./page-section.tsx";
import { usePortalQuery } from "./portal-api.ts";

type StudentDocument = RouterOutputs["portal"]["documents"]["documents"][number];

const KIND: Record<StudentDocument["kind"], MessageKey> = {
  invoice: "portal.documents.kind.invoice",
  receipt: "portal.documents.kind.receipt",
  credit_note: "portal.documents.kind.credit_note",
};

export function DocumentsSection() {
  const t = useT();
  const locale = useLocale();
  const documents = usePortalQuery(trpc.portal.documents.queryOptions());
  const list = documents.data?.documents ?? [];
  if (list.length === 0) return null;
  const hasInvoice = list.some((d) => d.regime === "forfettario");
  return (
    <PageSection titleId="documents-title" title={t("portal.documents.title")} count={list.length}>
      {hasInvoice && <p className="mt-2 text-sm text-slate-600">{t("portal.documents.courtesyNote")}</p>}
      <Card className="mt-3 divide-y divide-slate-200 px-4">
        <ul>
          {list.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">
                  {t(KIND[d.kind])} {d.number}
                </span>
                <span className="block text-slate-600">
                  {formatDate(locale, d.date, { timeZone: "UTC" })} ·{" "}
                  {formatEuro(locale, d.kind === "credit_note" ? -d.total : d.total)}
                  {d.orderReference ? ` · ${d.orderReference}` : ""}
                </span>
              </span>
              <a
                className="font-semibold text-blue-800 underline"
                href={`/api/student/documents/${encodeURIComponent(d.id)}/pdf`}
                download
                aria-label={t("portal.documents.downloadLabel", { number: d.number })}
              >
                {t("portal.documents.download")}
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </PageSection>
  );
}
