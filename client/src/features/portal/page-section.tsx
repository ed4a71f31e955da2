import type { ReactNode } from "react";

/** A titled part of a portal page: a section named by its h2 (`titleId`), which may show a count. */
export function PageSection({
  titleId,
  title,
  count,
  children,
}: {
  titleId: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
        {count !== undefined && (
          <>
            {" "}
            <span className="text-slate-500">({count})</span>
          </>
        )}
      </h2>
      {children}
    </section>
  );
}
