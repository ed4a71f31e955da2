// A WhatsApp deep link, for the landing page's footer and the student's contact links.

/** wa.me wants the international number as digits only. */
export const phoneDigits = (phone: string | null | undefined) => (phone ?? "").replace(/\D/g, "");

/** A WhatsApp chat with `phone`, its first message drafted. */
export function whatsappLink(phone: string, message: string) {
  return `https://wa.me/${phoneDigits(phone)}?text=${encodeURIComponent(message)}`;
}
