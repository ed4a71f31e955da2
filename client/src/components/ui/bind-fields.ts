// The value and change handler of a form control that edits one key of a record (a draft, a card
// of settings), to spread into a field: `<TextField label="Name" {...field.text("name")} />`.

/** The keys of R whose values are exactly V (not a narrower type, which a free input could break). */
type KeysOf<R, V> = { [K in keyof R]-?: [R[K]] extends [V] ? ([V] extends [R[K]] ? K : never) : never }[keyof R];

/** `update` receives the changed key only, to merge into the record. */
export function bindFields<R extends object>(record: R, update: (patch: Partial<R>) => void) {
  const patch = (key: keyof R, value: unknown) => update({ [key]: value } as Partial<R>);
  return {
    /** A text input, a text area or a select of strings. */
    text: (key: KeysOf<R, string>) => ({
      value: record[key] as string,
      onChange: (event: { target: { value: string } }) => patch(key, event.target.value),
    }),
    /** A select of numbers (its options' values are the numbers as strings). */
    number: (key: KeysOf<R, number>) => ({
      value: String(record[key]),
      onChange: (event: { target: { value: string } }) => patch(key, Number(event.target.value)),
    }),
    /** A checkbox. */
    checked: (key: KeysOf<R, boolean>) => ({
      checked: record[key] as boolean,
      onChange: (event: { target: { checked: boolean } }) => patch(key, event.target.checked),
    }),
  };
}

/** The same for a control whose value is kept in a string state of its own. */
export function bindValue(value: string, setValue: (value: string) => void) {
  return { value, onChange: (event: { target: { value: string } }) => setValue(event.target.value) };
}
