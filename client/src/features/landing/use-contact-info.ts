import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { DEFAULT_CONTACT } from "./content.ts";

/** GET /api/debug/contact-info, as the spec defines it. */
export type ContactInfoResponse = {
  success: boolean;
  adminEmail?: string | null;
  adminPhoneNumber?: string | null;
  error?: string | null;
};

export type ContactInfo = { email: string; phone: string };

/**
 * The footer's contact details. Any failure (network, non-success status, `success: false`,
 * empty fields) falls back to the configured defaults, field by field.
 */
export function useContactInfo() {
  const query = useQuery({
    queryKey: ["debug", "contact-info"],
    queryFn: () => api<ContactInfoResponse>("/debug/contact-info"),
    staleTime: 5 * 60_000,
  });
  const data = query.data?.success ? query.data : undefined;
  const contact: ContactInfo = {
    email: data?.adminEmail?.trim() || DEFAULT_CONTACT.email,
    phone: data?.adminPhoneNumber?.trim() || DEFAULT_CONTACT.phone,
  };
  return { contact, isPending: query.isPending };
}
