import { useEffect, useState } from "react";
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

// One request per page load, shared by every footer: the landing page carries no query library.
let pending: Promise<ContactInfoResponse | null> | null = null;
const loadContactInfo = () => {
  pending ??= api<ContactInfoResponse>("/debug/contact-info").catch(() => null);
  return pending;
};

/**
 * The footer's contact details. Any failure (network, non-success status, `success: false`,
 * empty fields) falls back to the configured defaults, field by field.
 */
export function useContactInfo() {
  const [response, setResponse] = useState<ContactInfoResponse | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadContactInfo().then((r) => {
      if (live) setResponse(r);
    });
    return () => {
      live = false;
    };
  }, []);
  const data = response?.success ? response : undefined;
  const contact: ContactInfo = {
    email: data?.adminEmail?.trim() || DEFAULT_CONTACT.email,
    phone: data?.adminPhoneNumber?.trim() || DEFAULT_CONTACT.phone,
  };
  return { contact, isPending: response === undefined };
}
