// The admin area's data as the tRPC admin router returns it (spec §7), and the session-expiry
// rule of §6: a 401 or 403 signs the teacher out, says 'Session Expired' and goes home.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useToast } from "../../components/ui/toaster.tsx";
import { httpStatusOf, isSessionExpired } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { adminStatusKey } from "../auth/admin-auth.ts";

type Admin = RouterOutputs["admin"];
export type AdminBooking = Admin["bookings"]["list"]["bookings"][number];
export type AdminStudent = Admin["students"]["students"][number];
export type StudentNote = Admin["notes"]["list"]["notes"][number];
export type SharedFile = Admin["files"]["list"]["files"][number];
export type AdminSlot = Admin["availability"]["list"]["slots"][number];
export type AdminBusyTime = Admin["availability"]["list"]["busyTimes"][number];
export type AdminDayOff = Admin["availability"]["list"]["daysOff"][number];
/** A lesson inside days off the teacher has just marked, to move or cancel. */
export type DaysOffLesson = Admin["availability"]["daysOff"]["lessons"][number];
export type AdminSettings = Admin["settings"]["get"]["settings"];

/** Rows per page of every admin list (the server accepts up to 200). */
export const ADMIN_PAGE_SIZE = 25;

/**
 * The message a failed call shows: the server's own (server/trpc/error-policy.ts words refused
 * input, services their refusals), for both transports alike.
 */
export function serverMessage(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/**
 * A failure toast's text: the panel's own (the spec's) and, when the server refused the call for a
 * reason it stated (a 4xx with a message: "The meeting link must start with https://."), that
 * reason after it. A crash (5xx) or a lost connection adds nothing: their words help no one.
 */
export function failureText(description: string, error: unknown): string {
  const status = httpStatusOf(error);
  const reason = status !== undefined && status >= 400 && status < 500 ? serverMessage(error)?.trim() : null;
  if (!reason || description.includes(reason)) return description;
  return `${description} ${reason}`;
}

/**
 * Reports a failed admin call: an expired session (401/403) signs out with 'Session Expired'
 * and goes home; anything else shows the panel's own failure text with the server's reason.
 */
export function useAdminFailure() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  return useCallback(
    (error: unknown, description: string) => {
      if (isSessionExpired(error)) {
        toast({
          title: t("admin.error.sessionExpired"),
          description: t("admin.error.signInAgain"),
          variant: "destructive",
        });
        queryClient.setQueryData(adminStatusKey, { authenticated: false, user: null });
        queryClient.removeQueries({ queryKey: trpc.admin.pathKey() });
        navigate("/");
        return;
      }
      toast({ title: t("admin.error.title"), description: failureText(description, error), variant: "destructive" });
    },
    [toast, navigate, queryClient, t],
  );
}

/** Reports a failed load (as useAdminFailure does) when it happens, with the panel's text. */
export function useLoadFailure(error: unknown, description: string) {
  const fail = useAdminFailure();
  useEffect(() => {
    if (error) fail(error, description);
  }, [error, description, fail]);
}
