import { type ComponentProps, useDeferredValue, useState } from "react";
import { TextField } from "./field.tsx";

/** A search box's state: what it shows, and the trimmed text to query, deferred so typing stays responsive. */
export function useSearch() {
  const [text, setText] = useState("");
  const query = useDeferredValue(text.trim());
  return { query, box: { value: text, onChange: setText } };
}

/** A labelled search box (a text field of type search) that hands its change handler the text. */
export function SearchTextField({
  onChange,
  ...props
}: Omit<ComponentProps<typeof TextField>, "type" | "onChange"> & { onChange: (text: string) => void }) {
  return <TextField type="search" {...props} onChange={(e) => onChange(e.target.value)} />;
}
