import { useEffect, useState } from "react";
import { api } from "../../lib/api.ts";
import { usePrerendered } from "../../lib/prerendered.tsx";
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
  // A prerendered page carries the details (lib/prerendered.tsx): no call, no skeleton.
  const { contact: inlined } = usePrerendered();
  const [response, setResponse] = useState<ContactInfoResponse | null | undefined>(() =>
    inlined ? { success: true, adminEmail: inlined.email, adminPhoneNumber: inlined.phone } : undefined,
  );
  useEffect(() => {
    if (inlined) return;
    let live = true;
    void loadContactInfo().then((r) => {
      if (live) setResponse(r);
    });
    return () => {
      live = false;
    };
  }, [inlined]);
  const data = response?.success ? response : undefined;
  const contact: ContactInfo = {
    email: data?.adminEmail?.trim() || DEFAULT_CONTACT.email,
    phone: data?.adminPhoneNumber?.trim() || DEFAULT_CONTACT.phone,
  };
  return { contact, isPending: response === undefined };
}
