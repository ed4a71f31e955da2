import type { ComponentProps } from "react";
import { TextField } from "./field.tsx";

/** A search box (a text field of type search) that hands its change handler the text. */
export function SearchField({
  onChange,
  ...props
}: Omit<ComponentProps<typeof TextField>, "type" | "onChange"> & { onChange: (text: string) => void }) {
  return <TextField type="search" {...props} onChange={(e) => onChange(e.target.value)} />;
}
