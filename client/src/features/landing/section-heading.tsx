import type { ReactNode } from "react";

/** Eyebrow + serif h2 + optional intro, shared by the landing sections. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = "light",
  align = "left",
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  tone?: "light" | "dark";
  align?: "left" | "center";
}) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className={`text-sm font-semibold uppercase tracking-[0.16em] ${dark ? "text-amber-300" : "text-blue-800"}`}>
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 font-display text-3xl font-bold tracking-tight sm:text-4xl ${dark ? "text-white" : "text-slate-900"}`}
      >
        {title}
      </h2>
      {children && (
        <div className={`mt-4 text-lg leading-relaxed ${dark ? "text-blue-100" : "text-slate-600"}`}>{children}</div>
      )}
    </div>
  );
}
