// A list that is a table from the md breakpoint up and a stack of cards on a phone, where a
// table's columns would not fit. Only one of the two is displayed (the other is display: none, so
// assistive technology meets one list too).
import type { ReactNode } from "react";

export type Column<T> = {
  key: string;
  /** The column's heading; an action column gives a visually hidden one. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the column's heading and of its cells (alignment, wrapping, colour). */
  headerClassName?: string;
  cellClassName?: string;
};

export function DataTable<T>({
  rows,
  rowKey,
  columns,
  card,
  tableClassName = "",
  rowClassName = "align-top",
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** The row as a card, on a phone. */
  card: (row: T) => ReactNode;
  tableClassName?: string;
  rowClassName?: string;
}) {
  return (
    <>
      <ul className="grid gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            {card(row)}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className={`w-full text-left text-sm ${tableClassName}`}>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={`px-4 py-3 ${column.headerClassName ?? ""}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName}>
                {columns.map((column) => (
                  <td key={column.key} className={`px-4 py-3 ${column.cellClassName ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
