import type { ReactNode } from "react";

// A character no message holds: where the value goes in the translated sentence.
const MARK = "\u0001";

/**
 * A translated sentence with one of its values in bold (`Amount due: **€35**. ...`): the message
 * keeps the value's place (`{amount}`), so each language puts it where its grammar wants.
 */
export function StrongValue(props: { message: (mark: string) => string; value: ReactNode; className?: string }) {
  const { message, value, className } = props;
  const [before, after = ""] = message(MARK).split(MARK);
  return (
    <>
      {before}
      <strong className={className}>{value}</strong>
      {after}
    </>
  );
}
