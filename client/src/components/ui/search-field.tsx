import { SearchIcon } from "./private-icons.tsx";

/** A search box with a magnifier inside; its label is for screen readers only. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={placeholder}
          className="block w-full rounded-xl border border-slate-300 bg-white py-2.5 pr-3 pl-10 text-base shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm"
        />
      </div>
    </>
  );
}
