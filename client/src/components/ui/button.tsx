import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "../../lib/router.tsx";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50";
const VARIANTS = {
  primary: "bg-blue-900 text-white shadow-sm hover:bg-blue-800",
  accent: "bg-amber-400 text-slate-900 shadow-sm hover:bg-amber-300",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white hover:bg-red-500",
} as const;
const SIZES = { sm: "px-3 py-1.5 text-sm", md: "px-4 py-2.5 text-sm", lg: "px-6 py-3 text-base" } as const;

type Style = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClasses({ variant = "primary", size = "md" }: Style = {}) {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

export function Button({ variant, size, className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Style) {
  return <button type="button" className={`${buttonClasses({ variant, size })} ${className}`} {...props} />;
}

export function ButtonLink({ variant, size, className = "", ...props }: LinkProps & Style & { children: ReactNode }) {
  return <Link className={`${buttonClasses({ variant, size })} ${className}`} {...props} />;
}
