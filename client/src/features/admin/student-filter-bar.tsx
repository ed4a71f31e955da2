import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { CheckboxField, SelectField, type SelectOption } from "../../components/ui/field.tsx";
import { SearchTextField, useSearch } from "../../components/ui/search-text-field.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { FilterBar } from "./admin-shell.tsx";

/** The filters of a per-student list (notes, files): student, search, the list's own select, one checkbox. */
export function StudentFilterBar({
  studentOptions,
  studentId,
  onStudentId,
  searchBox,
  searchPlaceholder,
  only,
  children,
}: {
  studentOptions: readonly SelectOption[];
  studentId: string;
  onStudentId: (id: string) => void;
  searchBox: ReturnType<typeof useSearch>["box"];
  searchPlaceholder: string;
  /** The checkbox that narrows the list ("Private only", "Inactive only"). */
  only: { label: string; checked: boolean; onChange: (checked: boolean) => void };
  /** The list's own filter, between the search and the checkbox. */
  children: ReactNode;
}) {
  const t = useT();
  return (
    <FilterBar>
      <SelectField
        label={t("admin.filter.student")}
        value={studentId}
        onChange={(e) => onStudentId(e.target.value)}
        options={studentOptions}
        placeholder={t("admin.filter.allStudents")}
      />
      <SearchTextField label={t("admin.filter.search")} placeholder={searchPlaceholder} {...searchBox} />
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
  const search = useSearch();
  const students = useQuery(trpc.admin.students.queryOptions());
  // The list has a row per learner: the filter offers each family account once.
  const studentOptions = [...new Map((students.data?.students ?? []).map((s) => [s.id, s.name])).entries()].map(
    ([value, label]) => ({ value, label }),
  );
  return {
    students,
    studentId,
    search: search.query,
    bar: { studentOptions, studentId, onStudentId: setStudentId, searchBox: search.box },
  };
}
