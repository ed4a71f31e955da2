/** `value` and `onChange` of a text control whose value is kept in a string state. */
export function bindValue(value: string, setValue: (value: string) => void) {
  return { value, onChange: (e: { target: { value: string } }) => setValue(e.target.value) };
}
