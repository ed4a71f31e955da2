import { SelectField, type SelectOption } from "../../components/ui/field.tsx";

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
  /** "note" or "shared file", for the hint. */
  what: string;
  options: SelectOption[];
  onChange: (studentId: string) => void;
}) {
  return (
    <SelectField
      label="Student"
      required
      value={props.value}
      disabled={props.locked}
      hint={props.locked ? `The student of a ${props.what} cannot change.` : undefined}
      onChange={(e) => props.onChange(e.target.value)}
      options={props.options}
      placeholder="Select a student"
    />
  );
}
