import { SelectField } from "../../components/ui/field.tsx";

/** The student a note or shared file is for: chosen when it is made, fixed afterwards. */
export function StudentSelectField(props: {
  value: string;
  /** Whether the record exists already (its student can no longer change). */
  locked: boolean;
  /** "note" or "shared file", for the hint. */
  what: string;
  options: { value: string; label: string }[];
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
