import { Fragment, type ReactNode } from "react";

/** The stand-in a message's `{link}` (or other) placeholder takes, where an element goes. */
export const ELEMENT = "\u0000";

/**
 * A translated sentence with an element inside it (a link, a bold phrase): the message keeps the
 * whole sentence, its placeholder given `ELEMENT`, so each language puts the element where its
 * grammar wants it instead of the code gluing sentence pieces together.
 */
export function WithElement({ text, children }: { text: string; children: ReactNode }) {
  const parts = text.split(ELEMENT);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && children}
    </Fragment>
  ));
}
