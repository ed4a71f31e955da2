// The booking flow's state lives in session storage under the spec's keys (selectedPackage,
// selectedTeacher, selectedSlots, bookingResults). Everything read back is checked: a value that a
// browser extension, an old version of the site or a hand edit corrupted reads as "nothing"
// (and is removed) instead of crashing the page.
import {
  arrayOf,
  type Guard,
  isBoolean,
  isNumber,
  isString,
  nullable,
  objectOf,
  oneOf,
  optional,
  type Shape,
} from "../../lib/shape.ts";

export const STORAGE_KEYS = {
  package: "selectedPackage",
  teacher: "selectedTeacher",
  slots: "selectedSlots",
  results: "bookingResults",
} as const;

const id = isString((s) => s.length > 0);
const text = isString();
const isoInstant = isString((s) => !Number.isNaN(Date.parse(s)));

const isSelectedPackage = objectOf({
  id,
  name: text,
  description: optional(text),
  lessons: isNumber((n) => Number.isInteger(n) && n > 0),
  totalPrice: isNumber(),
  pricePerLesson: optional(isNumber()),
  features: optional(arrayOf(text)),
  isPopular: optional(isBoolean),
  lessonType: oneOf(["online", "in-person", "either", "group"]),
});
export type SelectedPackage = Shape<typeof isSelectedPackage>;

const isSelectedTeacher = objectOf({
  id,
  name: text,
  bio: optional(nullable(text)),
  image_url: optional(nullable(text)),
  specializations: optional(arrayOf(text)),
});
export type SelectedTeacher = Shape<typeof isSelectedTeacher>;

const isSlot = objectOf({
  id,
  startTime: isoInstant,
  endTime: isoInstant,
  /** The teacher's zone the slot was offered in: later steps show its times in that zone. */
  timezone: optional(text),
});
export type Slot = Shape<typeof isSlot>;

const isBookingResults = objectOf({
  bookings: arrayOf(
    objectOf({
      booking: objectOf({
        id,
        lesson_date: isoInstant,
        status: text,
        lessonType: oneOf(["online", "in-person"]),
        location: optional(nullable(text)),
      }),
    }),
    1,
  ),
  package: objectOf({ name: text, totalPrice: isNumber(), lessons: isNumber() }),
  /** The order the lessons belong to: its calendar file and its amount due (issue 16). */
  orderId: optional(id),
  teacher: optional(nullable(objectOf({ name: text }))),
  totalSlots: isNumber(),
  studentInfo: objectOf({ name: text, email: text }),
  /** Issue 31: the learner a guardian booked for (the confirmation looks forward to seeing them). */
  learnerName: optional(nullable(text)),
  groupConversation: isBoolean,
  /** What the group card on the confirmation shows, when the add-on was booked. */
  groupDetails: optional(
    nullable(
      objectOf({
        packageName: text,
        weeks: isNumber(),
        totalPrice: isNumber(),
        night: text,
        time: text,
        location: text,
      }),
    ),
  ),
  timezone: optional(text),
});
/**
 * `payment`: how to pay the order, as the booking answered it (issue 30). The guard leaves it
 * unchecked, as it leaves any field it does not name: the confirmation checks it where it shows it
 * (isOrderPayment), so its checks stay off the steps before.
 */
export type BookingResults = Shape<typeof isBookingResults> & { payment?: unknown };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage disabled by the browser: the flow still renders, it just forgets.
  }
}

function read<T>(key: string, guard: Guard<T>): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (guard(value)) return value;
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
  getPackage: () => read(STORAGE_KEYS.package, isSelectedPackage),
  setPackage: (value: SelectedPackage) => write(STORAGE_KEYS.package, value),
  getTeacher: () => read(STORAGE_KEYS.teacher, isSelectedTeacher),
  setTeacher: (value: SelectedTeacher | null) =>
    value ? write(STORAGE_KEYS.teacher, value) : remove(STORAGE_KEYS.teacher),
  getSlots: () => read(STORAGE_KEYS.slots, arrayOf(isSlot)) ?? [],
  setSlots: (value: Slot[]) => write(STORAGE_KEYS.slots, value),
  getResults: (): BookingResults | null => read(STORAGE_KEYS.results, isBookingResults),
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
    const previous = read(STORAGE_KEYS.package, isSelectedPackage);
    if (previous && previous.id !== value.id) remove(STORAGE_KEYS.slots);
    write(STORAGE_KEYS.package, value);
  },
};
