// Type guards for data the browser reads back from storage: a few lines instead of a schema
// library in every public page's download (issue 7's front-end budget). Each guard checks a value
// and narrows its type; `Shape<typeof guard>` names the type it accepts.

export type Guard<T> = (value: unknown) => value is T;
export type Shape<G> = G extends Guard<infer T> ? T : never;

type Optional<T> = Guard<T | undefined> & { optional: true };
type GuardedFields<F> = { [K in keyof F as F[K] extends { optional: true } ? never : K]: Shape<F[K]> } & {
  [K in keyof F as F[K] extends { optional: true } ? K : never]?: Shape<F[K]>;
};

export const isString =
  (check: (s: string) => boolean = () => true): Guard<string> =>
  (value): value is string =>
    typeof value === "string" && check(value);

export const isNumber =
  (check: (n: number) => boolean = () => true): Guard<number> =>
  (value): value is number =>
    typeof value === "number" && Number.isFinite(value) && check(value);

export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === "boolean";

export const oneOf =
  <const T extends readonly string[]>(options: T): Guard<T[number]> =>
  (value): value is T[number] =>
    options.includes(value as string);

export const nullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (value): value is T | null =>
    value === null || guard(value);

export const optional = <T>(guard: Guard<T>): Optional<T> =>
  Object.assign((value: unknown): value is T | undefined => value === undefined || guard(value), {
    optional: true as const,
  });

export const arrayOf =
  <T>(guard: Guard<T>, minLength = 0): Guard<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.length >= minLength && value.every(guard);

export const objectOf =
  <F extends Record<string, Guard<unknown>>>(fields: F): Guard<GuardedFields<F>> =>
  (value): value is GuardedFields<F> =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(fields).every(([key, guard]) => guard((value as Record<string, unknown>)[key]));
