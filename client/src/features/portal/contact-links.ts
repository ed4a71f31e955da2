// Deep links built from the public contact config: WhatsApp from the phone's digits, mail drafts.

import { formatDate, formatTime } from "../../lib/format.ts";

export const phoneDigits = (phone: string | null | undefined) => (phone ?? "").replace(/\D/g, "");

export function whatsappLink(phone: string, message: string) {
  return `https://wa.me/${phoneDigits(phone)}?text=${encodeURIComponent(message)}`;
}

export function lessonContactMessage(lessonDate: string, timeZone: string) {
  const date = formatDate(lessonDate, { style: "long", timeZone });
  const time = formatTime(lessonDate, { timeZone });
  return `Hi Giulia! I'm writing about my lesson on ${date} at ${time}.`;
}

export const GREETING_MESSAGE = "Hi Giulia! I'm one of your students and I have a question.";

export function mailLink(email: string, subject: string, body: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
