// The landing page's structure: its sections, counters, testimonials and focus areas, as keys of
// the landing catalogue (shared/i18n/messages/<locale>/landing.json), where their words are. The
// numbers and policies come from the spec (section 1 and 9); nothing here is fetched.
import type { MessageKey } from "../../../../shared/i18n/messages.ts";

export const SECTIONS = [
  { id: "home", label: "landing.nav.home" },
  { id: "about", label: "landing.nav.about" },
  { id: "testimonials", label: "landing.nav.testimonials" },
  { id: "contact", label: "landing.nav.contact" },
] as const satisfies readonly { id: string; label: MessageKey }[];
export type SectionId = (typeof SECTIONS)[number]["id"];
export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((s) => s.id);

/** The static counters of the spec: no invented numbers. */
export const COUNTERS = [
  { value: "landing.counter.lessons.value", label: "landing.counter.lessons.label", numeric: true },
  { value: "landing.counter.years.value", label: "landing.counter.years.label", numeric: true },
  { value: "landing.counter.where.value", label: "landing.counter.where.label", numeric: false },
] as const satisfies readonly { value: MessageKey; label: MessageKey; numeric: boolean }[];

export type Testimonial = {
  author: string;
  role: MessageKey;
  rating: 5;
  quote: string;
  /** BCP 47 language of the quote, so screen readers pronounce it correctly. */
  lang: "en" | "it";
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    author: "Marco Bianchi",
    role: "landing.testimonials.marco.role",
    rating: 5,
    lang: "it",
    quote:
      "Grazie a Giulia finalmente parlo inglese in riunione senza bloccarmi. Le lezioni sono pratiche, mai noiose, e sempre costruite sul mio lavoro.",
  },
  {
    author: "Claire Dubois",
    role: "landing.testimonials.claire.role",
    rating: 5,
    lang: "en",
    quote:
      "Giulia prepared my daughter for her Cambridge exam with patience and a clear plan. She walked into the exam confident, and she actually enjoys English now.",
  },
  {
    author: "Arjun Mehta",
    role: "landing.testimonials.arjun.role",
    rating: 5,
    lang: "en",
    quote:
      "I needed polished business English for interviews and presentations. Giulia's feedback on my pronunciation and writing was precise, kind and immediately useful.",
  },
];

export const FOCUS_AREAS = [
  "landing.focus.conversation",
  "landing.focus.business",
  "landing.focus.exams",
  "landing.focus.cambridge",
  "landing.focus.ielts",
  "landing.focus.pronunciation",
  "landing.focus.grammar",
  "landing.focus.travel",
] as const satisfies readonly MessageKey[];

/**
 * Contact fallbacks of the spec: environment-configured at build time, else these defaults. (No
 * build defines import.meta.env when the server renders a page from these sources: npm run dev.)
 */
const buildEnv = import.meta.env as ImportMetaEnv | undefined;
export const DEFAULT_CONTACT = {
  email: (buildEnv?.VITE_CONTACT_EMAIL as string | undefined) || "hello@englishwithgiulia.it",
  phone: (buildEnv?.VITE_CONTACT_PHONE as string | undefined) || "+39 333 123 4567",
};

export function mailtoLink(email: string, subject: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
