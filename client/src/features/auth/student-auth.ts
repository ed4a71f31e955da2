import { useQuery, useQueryClient } from "@tanstack/react-query";
import { STUDENT_AUTH_RECHECK_MS } from "../../../../shared/constants.ts";
import { api } from "../../lib/api.ts";

export type AuthStatus = {
  authenticated: boolean;
  user: { id: string; name: string; email: string; isAdmin?: boolean; image_url?: string | null } | null;
};

export const studentStatusKey = ["student-auth-status"] as const;
export const adminStatusKey = ["admin-auth-status"] as const;

/** The student session, re-checked every 30 minutes as the spec asks. */
export function useStudentStatus() {
  return useQuery({
    queryKey: studentStatusKey,
    queryFn: () => api<AuthStatus>("/student-auth/status"),
    refetchInterval: STUDENT_AUTH_RECHECK_MS,
    retry: false,
  });
}

export function useAdminStatus() {
  return useQuery({ queryKey: adminStatusKey, queryFn: () => api<AuthStatus>("/auth/status"), retry: false });
}

export function studentSignInUrl(next?: string) {
  return next ? `/api/student-auth/google?next=${encodeURIComponent(next)}` : "/api/student-auth/google";
}

export function useStudentLogout() {
  const queryClient = useQueryClient();
  return async () => {
    await api("/student-auth/logout", { method: "POST" });
    queryClient.setQueryData(studentStatusKey, { authenticated: false, user: null });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== studentStatusKey[0] });
  };
}

/** Network problems are not reported as failed status checks (the spec). */
export const isNetworkError = (error: unknown) =>
  error instanceof Error && /network|fetch/i.test(error.message);
