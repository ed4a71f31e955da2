import { beforeEach, describe, expect, it } from "vitest";
import { bookingStorage, STORAGE_KEYS } from "./booking-storage.ts";
import { referralCode } from "./referral-code.ts";

// A real Storage-like object in memory (the unit tier runs in Node, without a browser).
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
const store = () => (globalThis as unknown as { window: { sessionStorage: MemoryStorage } }).window.sessionStorage;

const pkg = { id: "online-5", name: "Online Starter", lessons: 5, totalPrice: 160, lessonType: "online" as const };
const slot = {
  id: "t:2026-12-01T08:00:00.000Z",
  startTime: "2026-12-01T08:00:00.000Z",
  endTime: "2026-12-01T09:00:00.000Z",
};

beforeEach(() => {
  (globalThis as unknown as { window: unknown }).window = { sessionStorage: new MemoryStorage() };
});

describe("booking session storage", () => {
  it("uses the spec's keys and reads back what it wrote", () => {
    bookingStorage.setPackage(pkg);
    bookingStorage.setSlots([slot]);
    expect(store().getItem("selectedPackage")).toContain("online-5");
    expect(bookingStorage.getPackage()).toEqual(pkg);
    expect(bookingStorage.getSlots()).toEqual([slot]);
  });

  it("treats corrupted or wrongly shaped values as nothing and removes them", () => {
    store().setItem(STORAGE_KEYS.package, "{not json");
    store().setItem(STORAGE_KEYS.slots, JSON.stringify([{ id: "x", startTime: "yesterday-ish" }]));
    store().setItem(STORAGE_KEYS.results, JSON.stringify({ bookings: [] }));
    expect(bookingStorage.getPackage()).toBeNull();
    expect(bookingStorage.getSlots()).toEqual([]);
    expect(bookingStorage.getResults()).toBeNull();
    expect(store().getItem(STORAGE_KEYS.package)).toBeNull();
    expect(store().getItem(STORAGE_KEYS.slots)).toBeNull();
  });

  it("clears the selection after a booking but keeps the results for the confirmation", () => {
    bookingStorage.setPackage(pkg);
    bookingStorage.setTeacher({ id: "t", name: "Giulia Rossi" });
    bookingStorage.setSlots([slot]);
    bookingStorage.setResults({
      bookings: [{ booking: { id: "b1", lesson_date: slot.startTime, status: "pending", lessonType: "online" } }],
      package: { name: pkg.name, totalPrice: 160, lessons: 5 },
      totalSlots: 1,
      studentInfo: { name: "Sofia", email: "s@example.com" },
      groupConversation: false,
    });
    bookingStorage.clearSelection();
    expect(bookingStorage.getPackage()).toBeNull();
    expect(bookingStorage.getTeacher()).toBeNull();
    expect(bookingStorage.getSlots()).toEqual([]);
    expect(bookingStorage.getResults()?.bookings[0].booking.id).toBe("b1");
  });

  it("forgets the slots when the package changes", () => {
    bookingStorage.setPackage(pkg);
    bookingStorage.setSlots([slot]);
    bookingStorage.changePackage({ ...pkg, id: "single-lesson", lessons: 1 });
    expect(bookingStorage.getSlots()).toEqual([]);
  });

  it("keeps only a well-formed referral code", () => {
    referralCode.set("<script>");
    expect(referralCode.get()).toBeNull();
    referralCode.set(" SOFIA-10 ");
    expect(referralCode.get()).toBe("SOFIA-10");
    expect(store().getItem("referralCode")).toBe("SOFIA-10");
    referralCode.clear();
    expect(referralCode.get()).toBeNull();
  });
});
