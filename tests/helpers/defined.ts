/** The value, or a failed test naming what was missing (instead of a non-null assertion). */
export function defined<T>(value: T | null | undefined, what = "a value the test needs"): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}
