import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

// Form fields with a visible label, an optional hint and an error announced to screen readers
// (aria-invalid + aria-describedby). Controlled or uncontrolled: props go to the native element.

const CONTROL =
  "block w-full rounded-xl border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 sm:text-sm";
const BORDER_OK = "border-slate-300";
const BORDER_ERROR = "border-red-500";

type Common = { label: ReactNode; hint?: ReactNode; error?: string | null; required?: boolean; className?: string };

function useFieldIds(error?: string | null, hint?: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

/** What every text-like control carries: its id, its error and hint for screen readers, its frame. */
function controlAttributes(ids: { id: string; describedBy?: string }, error?: string | null, required?: boolean) {
  return {
    id: ids.id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy,
    "aria-required": required || undefined,
    className: `${CONTROL} ${error ? BORDER_ERROR : BORDER_OK}`,
  };
}

function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  required,
  className = "",
  children,
}: Common & { id: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  hint,
  error,
  required,
  className,
  ...props
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <input {...controlAttributes(ids, error, required)} {...props} />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  required,
  className,
  rows = 4,
  ...props
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <textarea {...controlAttributes(ids, error, required)} rows={rows} {...props} />
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  options,
  placeholder,
  ...props
}: Common & {
  options: readonly SelectOption[];
  /** The first option, with the empty value: a prompt ("Select status") or what no choice means ("All tags"). */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <select {...controlAttributes(ids, error, required)} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  hint,
  error,
  className = "",
  ...props
}: Omit<Common, "required"> & Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "type">) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={ids.id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-blue-900 focus-visible:outline-2 focus-visible:outline-blue-700"
          {...props}
        />
        <label htmlFor={ids.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {hint && !error && (
        <p id={ids.hintId} className="mt-1 ml-8 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="mt-1 ml-8 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
