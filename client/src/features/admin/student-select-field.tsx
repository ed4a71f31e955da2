import { SelectField, type SelectOption } from "../../components/ui/field.tsx";
import { useT } from "../../lib/i18n.tsx";

/** What the form fields of a note or a shared file (records for one student) are given. */
export type StudentRecordFieldsProps<D> = {
  draft: D;
  onChange: (draft: D) => void;
  studentOptions: SelectOption[];
  error: string | null;
};

/** The student a note or shared file is for: chosen when it is made, fixed afterwards. */
export function StudentSelectField(props: {
  value: string;
  /** Whether the record exists already (its student can no longer change). */
  locked: boolean;
  /** What the record is, for the hint. */
  what: "note" | "shared file";
  options: SelectOption[];
  onChange: (studentId: string) => void;
}) {
  const t = useT();
  return (
    <SelectField
      label={t("admin.studentSelect.label")}
      required
      value={props.value}
      disabled={props.locked}
      hint={
        props.locked ? t("admin.studentSelect.locked", { what: props.what === "note" ? "note" : "file" }) : undefined
      }
      onChange={(e) => props.onChange(e.target.value)}
      options={props.options}
      placeholder={t("admin.studentSelect.placeholder")}
    />
  );
}
