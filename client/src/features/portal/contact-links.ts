// The student's drafted messages and mail links (WhatsApp links: lib/whatsapp.ts), in the page's language.

import { formatDate, formatTime } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";

export function lessonContactMessage(t: Translate, locale: Locale, lessonDate: string, timeZone: string) {
  const date = formatDate(locale, lessonDate, { style: "long", timeZone });
  const time = formatTime(locale, lessonDate, { timeZone });
  return t("portal.contact.lessonMessage", { date, time });
}

export function mailLink(email: string, subject: string, body: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
