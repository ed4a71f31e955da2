// Static copy of the public landing page. The numbers and policies come from the spec
// (section 1 and 9); nothing here is fetched.

export const SECTIONS = [
  { id: "home", label: "Home" },
  { id: "about", label: "About" },
  { id: "testimonials", label: "Testimonials" },
  { id: "contact", label: "Contact" },
] as const;
export type SectionId = (typeof SECTIONS)[number]["id"];
export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((s) => s.id);

/** The static counters of the spec: no invented numbers. */
export const COUNTERS = [
  { value: "1000+", label: "Lessons yearly" },
  { value: "5+", label: "Years of experience" },
  { value: "Online & in person", label: "In Milano or wherever you are" },
] as const;

export type Testimonial = {
  author: string;
  role: string;
  rating: 5;
  quote: string;
  /** BCP 47 language of the quote, so screen readers pronounce it correctly. */
  lang: "en" | "it";
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    author: "Marco Bianchi",
    role: "Project manager, Milano",
    rating: 5,
    lang: "it",
    quote:
      "Grazie a Giulia finalmente parlo inglese in riunione senza bloccarmi. Le lezioni sono pratiche, mai noiose, e sempre costruite sul mio lavoro.",
  },
  {
    author: "Claire Dubois",
    role: "Parent of a secondary-school student",
    rating: 5,
    lang: "en",
    quote:
      "Giulia prepared my daughter for her Cambridge exam with patience and a clear plan. She walked into the exam confident, and she actually enjoys English now.",
  },
  {
    author: "Arjun Mehta",
    role: "Software engineer, moved to Milano",
    rating: 5,
    lang: "en",
    quote:
      "I needed polished business English for interviews and presentations. Giulia's feedback on my pronunciation and writing was precise, kind and immediately useful.",
  },
];

export const FOCUS_AREAS = [
  "Conversation Practice",
  "Business English",
  "Exam Preparation",
  "Cambridge Exams",
  "IELTS Preparation",
  "Pronunciation",
  "Grammar & Vocabulary",
  "English for Travel",
] as const;

/**
 * Contact fallbacks of the spec: environment-configured at build time, else these defaults. (No
 * build defines import.meta.env when the server renders a page from these sources: npm run dev.)
 */
const buildEnv = import.meta.env as ImportMetaEnv | undefined;
export const DEFAULT_CONTACT = {
  email: (buildEnv?.VITE_CONTACT_EMAIL as string | undefined) || "hello@englishwithgiulia.it",
  phone: (buildEnv?.VITE_CONTACT_PHONE as string | undefined) || "+39 333 123 4567",
};

export const WHATSAPP_GREETING =
  "Hi Giulia! I found your website and I'd like to know more about your English lessons.";
export const EMAIL_SUBJECT = "English lessons enquiry";

export function mailtoLink(email: string, subject = EMAIL_SUBJECT) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
