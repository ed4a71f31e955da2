// Receipts and invoices (issue 30, items 4 and 5): every document issued in a calendar year, in
// number order, each with its PDF (and, for a forfettario invoice, its FatturaPA file); the year
// as a CSV for the accountant and as a ZIP of the XML files for the tax agency's portal.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { useLoadFailure } from "./admin-api.ts";

type IssuedDocument = RouterOutputs["admin"]["documents"]["list"]["documents"][number];
type DocumentKind = IssuedDocument["kind"];

export const DOCUMENT_KIND: Record<DocumentKind, { label: MessageKey; tone: BadgeTone }> = {
  invoice: { label: "admin.documents.kind.invoice", tone: "blue" },
  receipt: { label: "admin.documents.kind.receipt", tone: "green" },
  credit_note: { label: "admin.documents.kind.credit_note", tone: "amber" },
};

/** The links of one document: its PDF, and its FatturaPA file when it has one. */
export function DocumentLinks(props: { document: { id: string; number: string; hasXml: boolean } }) {
  const t = useT();
  const { id, number, hasXml } = props.document;
  const link = `${buttonClasses({ variant: "outline", size: "sm" })} whitespace-nowrap`;
  return (
    <span className="flex flex-wrap gap-2">
      <a
        className={link}
        href={`/api/admin/documents/${id}/pdf`}
        download
        aria-label={t("admin.documents.pdfLabel", { number })}
      >
        {t("admin.documents.pdf")}
      </a>
      {hasXml && (
        <a
          className={link}
          href={`/api/admin/documents/${id}/xml`}
          download
          aria-label={t("admin.documents.xmlLabel", { number })}
        >
          {t("admin.documents.xml")}
        </a>
      )}
    </span>
  );
}

export function DocumentsPanel() {
  const t = useT();
  const locale = useLocale();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const list = useQuery({ ...trpc.admin.documents.list.queryOptions({ year }), placeholderData: keepPreviousData });
  useLoadFailure(list.error, t("admin.documents.loadFailed"));
  const documents = list.data?.documents ?? [];
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  const money = (value: number, kind: DocumentKind) => formatEuro(locale, kind === "credit_note" ? -value : value);
  const kindBadge = (d: IssuedDocument) => (
    <Badge tone={DOCUMENT_KIND[d.kind].tone}>{t(DOCUMENT_KIND[d.kind].label)}</Badge>
  );
  const date = (d: IssuedDocument) => formatDate(locale, d.date, { timeZone: "UTC" });
  const exportLink = buttonClasses({ variant: "outline", size: "sm" });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-40">
          <SelectField
            label={t("admin.documents.year")}
            value={String(year)}
            onChange={(e) => setYear(Number(e.target.value))}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <a className={exportLink} href={`/api/admin/documents/export.csv?year=${year}`} download>
            {t("admin.documents.exportCsv")}
          </a>
          <a className={exportLink} href={`/api/admin/documents/export.zip?year=${year}`} download>
            {t("admin.documents.exportZip")}
          </a>
        </div>
      </div>
      <p className="text-sm text-slate-600">{t("admin.documents.filingHint")}</p>
      {list.isPending ? (
        <Spinner label={t("admin.documents.loading")} />
      ) : documents.length === 0 ? (
        <EmptyState title={t("admin.documents.none", { year })} message={t("admin.documents.noneText")} />
      ) : (
        <DataTable
          rows={documents}
          rowKey={(d) => d.id}
          columns={[
            { key: "number", header: t("admin.documents.number"), cell: (d) => <strong>{d.number}</strong> },
            { key: "date", header: t("admin.documents.date"), cell: date },
            { key: "kind", header: t("admin.documents.kind"), cell: kindBadge },
            {
              key: "payer",
              header: t("admin.documents.payer"),
              cell: (d) => (
                <span>
                  {d.payer.name}
                  <span className="block text-xs text-slate-500">{d.payer.vatNumber ?? d.payer.taxCode ?? ""}</span>
                </span>
              ),
            },
            {
              key: "total",
              header: t("admin.documents.total"),
              cell: (d) => money(d.total, d.kind),
              headerClassName: "text-right",
              cellClassName: "text-right tabular-nums",
            },
            {
              key: "stampDuty",
              header: t("admin.documents.stampDuty"),
              cell: (d) => (d.stampDuty > 0 ? money(d.stampDuty, d.kind) : "—"),
              headerClassName: "text-right",
              cellClassName: "text-right tabular-nums",
            },
            {
              key: "files",
              header: <span className="sr-only">{t("admin.documents.files")}</span>,
              cell: (d) => <DocumentLinks document={d} />,
            },
          ]}
          card={(d) => (
            <div className="grid gap-2 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <strong className="text-base">{d.number}</strong>
                {kindBadge(d)}
              </div>
              <p className="text-slate-700">
                {d.payer.name} · {date(d)}
              </p>
              <p className="font-semibold tabular-nums">
                {money(d.total, d.kind)}
                {d.stampDuty > 0 && (
                  <span className="ml-2 text-xs font-normal text-slate-500">
                    {t("admin.documents.stampDutyShort", { amount: formatEuro(locale, d.stampDuty) })}
                  </span>
                )}
              </p>
              <DocumentLinks document={d} />
            </div>
          )}
        />
      )}
    </div>
  );
}
