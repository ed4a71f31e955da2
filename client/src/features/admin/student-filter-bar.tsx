import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useState } from "react";
import { CheckboxField, SelectField, type SelectOption } from "../../components/ui/field.tsx";
import { SearchField } from "../../components/ui/search-field.tsx";
import { trpc } from "../../trpc.ts";
import { FilterBar } from "./admin-shell.tsx";

/** The filters of a per-student list (notes, files): student, search, the list's own select, one checkbox. */
export function StudentFilterBar({
  studentOptions,
  studentId,
  onStudentId,
  search,
  onSearch,
  searchPlaceholder,
  only,
  children,
}: {
  studentOptions: readonly SelectOption[];
  studentId: string;
  onStudentId: (id: string) => void;
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder: string;
  /** The checkbox that narrows the list ("Private only", "Inactive only"). */
  only: { label: string; checked: boolean; onChange: (checked: boolean) => void };
  /** The list's own filter, between the search and the checkbox. */
  children: ReactNode;
}) {
  return (
    <FilterBar>
      <SelectField
        label="Student"
        value={studentId}
        onChange={(e) => onStudentId(e.target.value)}
        options={studentOptions}
        placeholder="All students"
      />
      <SearchField label="Search" placeholder={searchPlaceholder} value={search} onChange={onSearch} />
      {children}
      <div className="flex items-end pb-2.5">
        <CheckboxField label={only.label} checked={only.checked} onChange={(e) => only.onChange(e.target.checked)} />
      </div>
    </FilterBar>
  );
}

/** The state of StudentFilterBar's student and search fields, and the students it offers. */
export function useStudentFilter() {
  const [studentId, setStudentId] = useState("");
  const [search, setSearch] = useState("");
  // The query sends the trimmed search, deferred so typing stays responsive.
  const deferredSearch = useDeferredValue(search.trim());
  const students = useQuery(trpc.admin.students.queryOptions());
  const studentOptions = (students.data?.students ?? []).map((s) => ({ value: s.id, label: s.name }));
  return {
    students,
    studentId,
    search: deferredSearch,
    bar: { studentOptions, studentId, onStudentId: setStudentId, search, onSearch: setSearch },
  };
}
