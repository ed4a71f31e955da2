import { useQuery, useQueryClient } from "@tanstack/react-query";
import { STUDENT_AUTH_RECHECK_MS } from "../../../../shared/constants.ts";
import { safeNextPath } from "../../../../shared/next-path.ts";
import { api } from "../../lib/api.ts";
import { withBase } from "../../lib/router.tsx";
import { type RouterOutputs, trpcClient } from "../../trpc.ts";

export type AuthStatus = RouterOutputs["auth"]["studentStatus"] & {
  /** Client-side only: why a session seen in this page ended (the guard acts on it). */
  ended?: "logout" | "expired";
};

/** Set when /student sends the browser to the provider, so coming back shows the card instead. */
export const ATTEMPT_FLAG = "studentAuthAttempt";
export const STUDENT_HOME = "/student/dashboard";

/** The same rule as the server's redirects: a path on this site, else the dashboard. */
export const studentNextPath = (next: unknown) => safeNextPath(next, STUDENT_HOME);

/**
 * The student status lives under a key of the client's own, not tRPC's: its cache entry also
 * carries `ended`, which only this page knows, and signing out clears every query but this one.
 */
export const studentStatusKey = ["student-auth-status"] as const;

/** The student's status, read fresh (the booking form's check before it books). */
export const fetchStudentStatus = (): Promise<AuthStatus> => trpcClient.auth.studentStatus.query();

/** The student session, re-checked every 30 minutes as the spec asks. */
export function useStudentStatus() {
  return useQuery({
    queryKey: studentStatusKey,
    queryFn: async () => {
      const status = await fetchStudentStatus();
      // Signed in: the attempt is over, so a later signed-out visit to /student starts sign-in again.
      if (status.authenticated) sessionStorage.removeItem(ATTEMPT_FLAG);
      return status;
    },
    refetchInterval: STUDENT_AUTH_RECHECK_MS,
    retry: false,
  });
}

/**
 * Google sign-in, coming back to `next` (an app path) on a page of the language `basename` names
 * ("/it"): the address sent is the page's own, so a new account takes that page's language.
 */
export function studentSignInUrl(next?: string | null, basename = "") {
  const path = withBase(next ? studentNextPath(next) : STUDENT_HOME, basename);
  return path === STUDENT_HOME
    ? "/api/student-auth/google"
    : `/api/student-auth/google?next=${encodeURIComponent(path)}`;
}

/** REST on purpose: the answer clears the session cookie, which a tRPC answer here does not. */
export const signOutStudentOnServer = () => api("/student-auth/logout", { method: "POST" });

export function useStudentLogout() {
  const queryClient = useQueryClient();
  return async () => {
    await signOutStudentOnServer();
    queryClient.setQueryData<AuthStatus>(studentStatusKey, { authenticated: false, user: null, ended: "logout" });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== studentStatusKey[0] });
  };
}

/** Network problems are not reported as failed status checks (the spec). */
export const isNetworkError = (error: unknown) => error instanceof Error && /network|fetch/i.test(error.message);
