// The booking flow's state lives in session storage under the spec's keys (selectedPackage,
// selectedTeacher, selectedSlots, bookingResults). Everything read back is parsed: a value that a
// browser extension, an old version of the site or a hand edit corrupted reads as "nothing"
// (and is removed) instead of crashing the page. zod/mini keeps the public bundle small.
import * as z from "zod/mini";

export const STORAGE_KEYS = {
  package: "selectedPackage",
  teacher: "selectedTeacher",
  slots: "selectedSlots",
  results: "bookingResults",
} as const;

const lessonTypeSchema = z.enum(["online", "in-person"]);

export const selectedPackageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.optional(z.string()),
  lessons: z.number().check(z.int(), z.positive()),
  totalPrice: z.number(),
  pricePerLesson: z.optional(z.number()),
  features: z.optional(z.array(z.string())),
  isPopular: z.optional(z.boolean()),
  lessonType: z.enum(["online", "in-person", "either", "group"]),
});
export type SelectedPackage = z.infer<typeof selectedPackageSchema>;

export const selectedTeacherSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  bio: z.optional(z.nullable(z.string())),
  image_url: z.optional(z.nullable(z.string())),
  specializations: z.optional(z.array(z.string())),
});
export type SelectedTeacher = z.infer<typeof selectedTeacherSchema>;

const isoInstant = z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s))));

export const slotSchema = z.object({
  id: z.string().check(z.minLength(1)),
  startTime: isoInstant,
  endTime: isoInstant,
  /** The teacher's zone the slot was offered in: later steps show its times in that zone. */
  timezone: z.optional(z.string()),
});
export type Slot = z.infer<typeof slotSchema>;
const slotsSchema = z.array(slotSchema);

const bookingSchema = z.object({
  id: z.string().check(z.minLength(1)),
  lesson_date: isoInstant,
  status: z.string(),
  lessonType: lessonTypeSchema,
  location: z.optional(z.nullable(z.string())),
});

export const bookingResultsSchema = z.object({
  bookings: z.array(z.object({ booking: bookingSchema })).check(z.minLength(1)),
  package: z.object({ name: z.string(), totalPrice: z.number(), lessons: z.number() }),
  teacher: z.optional(z.nullable(z.object({ name: z.string() }))),
  totalSlots: z.number(),
  studentInfo: z.object({ name: z.string(), email: z.string() }),
  groupConversation: z.boolean(),
  /** What the group card on the confirmation shows, when the add-on was booked. */
  groupDetails: z.optional(
    z.nullable(
      z.object({
        packageName: z.string(),
        weeks: z.number(),
        totalPrice: z.number(),
        night: z.string(),
        time: z.string(),
        location: z.string(),
      }),
    ),
  ),
  timezone: z.optional(z.string()),
});
export type BookingResults = z.infer<typeof bookingResultsSchema>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage disabled by the browser: the flow still renders, it just forgets.
  }
}

function read<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: treated like a failed parse below.
  }
  store?.removeItem(key);
  return null;
}

function write(key: string, value: unknown) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: nothing better to do than keep going.
  }
}

const remove = (key: string) => storage()?.removeItem(key);

export const bookingStorage = {
  getPackage: () => read(STORAGE_KEYS.package, selectedPackageSchema),
  setPackage: (value: SelectedPackage) => write(STORAGE_KEYS.package, value),
  getTeacher: () => read(STORAGE_KEYS.teacher, selectedTeacherSchema),
  setTeacher: (value: SelectedTeacher | null) =>
    value ? write(STORAGE_KEYS.teacher, value) : remove(STORAGE_KEYS.teacher),
  getSlots: () => read(STORAGE_KEYS.slots, slotsSchema) ?? [],
  setSlots: (value: Slot[]) => write(STORAGE_KEYS.slots, value),
  getResults: () => read(STORAGE_KEYS.results, bookingResultsSchema),
  setResults: (value: BookingResults) => write(STORAGE_KEYS.results, value),
  removeResults: () => remove(STORAGE_KEYS.results),
  /** After a successful booking: the selection goes, the results stay for the confirmation. */
  clearSelection: () => {
    remove(STORAGE_KEYS.package);
    remove(STORAGE_KEYS.teacher);
    remove(STORAGE_KEYS.slots);
  },
  /** Changing the package invalidates the slots picked for the old one. */
  changePackage: (value: SelectedPackage) => {
    const previous = read(STORAGE_KEYS.package, selectedPackageSchema);
    if (previous && previous.id !== value.id) remove(STORAGE_KEYS.slots);
    write(STORAGE_KEYS.package, value);
  },
};
