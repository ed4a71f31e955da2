// The student's drafted messages and mail links (WhatsApp links: lib/whatsapp.ts).

import { formatDate, formatTime } from "../../lib/format.ts";

export function lessonContactMessage(lessonDate: string, timeZone: string) {
  const date = formatDate(lessonDate, { style: "long", timeZone });
  const time = formatTime(lessonDate, { timeZone });
  return `Hi Giulia! I'm writing about my lesson on ${date} at ${time}.`;
}

export const GREETING_MESSAGE = "Hi Giulia! I'm one of your students and I have a question.";

export function mailLink(email: string, subject: string, body: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
