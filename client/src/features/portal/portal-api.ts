// Queries of the student portal over its tRPC procedures (portal.*). A 401 or 403 while
// loading means the session expired: one 'Session Expired' toast, then the student is signed
// out (the layout's guard shows the sign-in card, not the provider).

import { type QueryKey, type UseQueryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";
import type { CopyTexts } from "../../lib/use-copy.ts";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { type AuthStatus, signOutStudentOnServer, studentStatusKey } from "../auth/student-auth.ts";

type Portal = RouterOutputs["portal"];
export type Lesson = Portal["lessons"]["lessons"][number];
export type Achievement = Portal["progress"]["completed"][number];
export type SharedFile = Portal["files"][number];
export type TeacherNote = Portal["notes"][number];
export type Profile = Portal["profile"]["profile"];
export type Referral = Portal["referrals"]["referrals"][number];

/** The clipboard's failure toast in the page's language (lib/use-copy.ts). */
export function usePortalCopyTexts(): CopyTexts {
  const t = useT();
  return { error: t("portal.toast.error"), failed: t("portal.copy.failed") };
}

/** Signs the student out after a 401/403 while loading data, with the spec's toast (once). */
export function useSessionExpiry() {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const shown = useRef(false);
  return useCallback(
    (error: unknown) => {
      if (!isSessionExpired(error) || shown.current) return false;
      shown.current = true;
      toast({
        title: t("portal.session.expired"),
        description: t("portal.session.signInAgain"),
        variant: "destructive",
      });
      // Best effort: clear the cookie on the server too; the guard redirects either way.
      void signOutStudentOnServer().catch(() => undefined);
      queryClient.setQueryData<AuthStatus>(studentStatusKey, { authenticated: false, user: null, ended: "expired" });
      return true;
    },
    [toast, queryClient, t],
  );
}

/** A portal query: no retry on auth failures, and an expired session signs the student out. */
export function usePortalQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) {
  const onExpired = useSessionExpiry();
  const query = useQuery({ retry: (count, error) => !isSessionExpired(error) && count < 1, ...options });
  useEffect(() => {
    if (query.error) onExpired(query.error);
  }, [query.error, onExpired]);
  return query;
}

export const useDashboardStats = () => usePortalQuery(trpc.portal.stats.queryOptions());
export const useCredits = () => usePortalQuery(trpc.portal.credits.queryOptions());
export const useLessons = (opts: { upcoming?: boolean; limit?: number } = {}) =>
  usePortalQuery(
    trpc.portal.lessons.queryOptions({ upcoming: opts.upcoming || undefined, limit: opts.limit || undefined }),
  );
export const useProgress = () => usePortalQuery(trpc.portal.progress.queryOptions());
export const useReferralData = () => usePortalQuery(trpc.portal.referrals.queryOptions());
export const useFiles = () => usePortalQuery(trpc.portal.files.queryOptions());
export const useNotes = () => usePortalQuery(trpc.portal.notes.queryOptions());
export const useProfile = () => usePortalQuery(trpc.portal.profile.queryOptions());
export const useCancellationSummary = () => usePortalQuery(trpc.portal.cancellationSummary.queryOptions());

/** The public contact config; `isError` lets pages use the spec's fallbacks. */
export function usePublicContact() {
  return useQuery({ ...trpc.booking.publicContact.queryOptions(), staleTime: 5 * 60_000, retry: false });
}

/** The teacher's time zone from the settings (via the public config); Europe/Rome until it loads. */
export function useTeacherZone(): string {
  return usePublicContact().data?.timezone ?? TEACHER_TIMEZONE;
}

export function useInvalidatePortal() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.portal.pathKey() }), [queryClient]);
}

export function useRequestCancellation() {
  const invalidate = useInvalidatePortal();
  return useMutation(trpc.portal.requestCancellation.mutationOptions({ onSettled: invalidate }));
}

/** Past the free changes: tell the teacher (issue 31, item 6). */
export function useTellTeacherCantCome() {
  const invalidate = useInvalidatePortal();
  return useMutation(trpc.portal.tellTeacherCantCome.mutationOptions({ onSettled: invalidate }));
}
