// Queries of the student portal over the spec's /api/student/* REST calls. A 401 or 403 while
// loading means the session expired: one 'Session Expired' toast, then the student is signed
// out (the layout's guard shows the sign-in card, not the provider).

import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { api, isSessionExpired } from "../../lib/api.ts";
import { type AuthStatus, studentStatusKey } from "../auth/student-auth.ts";

export type Lesson = {
  id: string;
  lesson_date: string;
  end_date: string;
  lesson_type: string;
  location: string | null;
  google_meet_link: string | null;
  notes: string | null;
  status: string;
  is_rebooked: boolean;
};
export type DashboardStats = {
  totalLessons: number;
  completedLessons: number;
  upcomingLessons: number;
  referralCount: number;
  resourceCount: number;
  completedQuizzes: number;
};
export type Achievement = {
  id: string;
  category: string;
  categoryTitle: string;
  level: number;
  title: string;
  description: string;
  tier: "standard" | "rich" | "richest";
  target: number;
  current: number;
  unlocked: boolean;
  progress: number;
};
export type Progress = {
  stats: {
    completedLessons: number;
    achievementsUnlocked: number;
    achievementsTotal: number;
    studyMinutes: number;
    studyHours: number;
    longestStreak: number;
    quizCount: number;
    quizHighScore: number | null;
  };
  completed: Achievement[];
  next: Achievement[];
  lessonsPerWeek: { weekStart: string; label: string; count: number }[];
  quizScores: { date: string; accuracy: number; label: string | null }[];
};
export type ReferralData = {
  stats: { referral_code: string | null; total_referrals: number; completed_referrals: number; total_earned: number };
  referrals: {
    id: string;
    referred_name: string | null;
    referred_email: string;
    created_at: string;
    status: string;
    discount_earned: number;
  }[];
  discounts: { id: string; amount: number; percentage: number; created_at: string }[];
};
export type SharedFile = {
  id: string;
  title: string;
  description: string | null;
  file_type: string;
  file_url: string;
  file_size: number | null;
  created_at: string;
  last_viewed_at: string | null;
};
export type TeacherNote = { id: string; teacher_note: string; note_date: string; created_at: string; tags: string[] };
export type Profile = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  englishLevel: string | null;
  lessonFocus: string | null;
  preferredType: string | null;
  preferredLocation: string | null;
  notes: string | null;
  imageUrl: string | null;
  referralCode: string | null;
  memberSince: string;
};
export type CancellationCheck = {
  booking_id: string;
  can_cancel: boolean;
  reason: string | null;
  allowance: number;
  used: number;
  remaining: number;
  remaining_after: number;
  notice: string;
  notice_hours: number;
  deadline: string;
};
export type CancellationSummary = {
  policy: { notice: string; notice_hours: number; lessons_per_free_cancellation: number };
  packages: {
    order_id: string;
    package_name: string;
    lessons: number;
    allowance: number;
    used: number;
    remaining: number;
  }[];
  total_remaining: number;
  credits: {
    id: string;
    source_booking_id: string;
    source_lesson_date: string;
    teacher_id: string | null;
    created_at: string;
  }[];
};
export type PublicContact = { email: string; phone: string; availabilityText: string; timezone?: string };

/** Signs the student out after a 401/403 while loading data, with the spec's toast (once). */
export function useSessionExpiry() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const shown = useRef(false);
  return useCallback(
    (error: unknown) => {
      if (!isSessionExpired(error) || shown.current) return false;
      shown.current = true;
      toast({ title: "Session Expired", description: "Please sign in again.", variant: "destructive" });
      // Best effort: clear the cookie on the server too; the guard redirects either way.
      void api("/student-auth/logout", { method: "POST" }).catch(() => undefined);
      queryClient.setQueryData<AuthStatus>(studentStatusKey, { authenticated: false, user: null, ended: "expired" });
      return true;
    },
    [toast, queryClient],
  );
}

/** A portal query: no retry on auth failures, and an expired session signs the student out. */
export function usePortalQuery<T>(key: QueryKey, endpoint: string, opts: { enabled?: boolean } = {}) {
  const onExpired = useSessionExpiry();
  const query = useQuery({
    queryKey: ["portal", ...key],
    queryFn: () => api<T>(endpoint),
    retry: (count, error) => !isSessionExpired(error) && count < 1,
    enabled: opts.enabled,
  });
  useEffect(() => {
    if (query.error) onExpired(query.error);
  }, [query.error, onExpired]);
  return query;
}

export const useDashboardStats = () => usePortalQuery<DashboardStats>(["stats"], "/student/stats");
export const useLessons = (opts: { upcoming?: boolean; limit?: number } = {}) => {
  const params = new URLSearchParams();
  if (opts.upcoming) params.set("upcoming", "true");
  if (opts.limit) params.set("limit", String(opts.limit));
  const qs = params.toString();
  return usePortalQuery<{ lessons: Lesson[] }>(["lessons", qs], `/student/lessons${qs ? `?${qs}` : ""}`);
};
export const useProgress = () => usePortalQuery<Progress>(["progress"], "/student/progress");
export const useReferralData = () => usePortalQuery<ReferralData>(["referrals"], "/student/referrals");
export const useFiles = () => usePortalQuery<SharedFile[]>(["files"], "/student/files");
export const useNotes = () => usePortalQuery<TeacherNote[]>(["notes"], "/student/notes");
export const useProfile = () => usePortalQuery<{ profile: Profile }>(["profile"], "/student/profile");
export const useCancellationSummary = () =>
  usePortalQuery<CancellationSummary>(["cancellation-summary"], "/student/cancellation-summary");

/** The public contact config; `isError` lets pages use the spec's fallbacks. */
export function usePublicContact() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => api<{ contact: PublicContact }>("/admin/public-config"),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The teacher's time zone from the settings (via the public config); Europe/Rome until it loads. */
export function useTeacherZone(): string {
  return usePublicContact().data?.contact.timezone ?? TEACHER_TIMEZONE;
}

export function useInvalidatePortal() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ["portal"] }), [queryClient]);
}

export function useRequestCancellation() {
  const invalidate = useInvalidatePortal();
  return useMutation({
    mutationFn: (input: { booking_id: string; reason: string }) =>
      api<{ status: "approved"; message: string; credit_id: string; remaining: number }>(
        "/student/request-cancellation",
        {
          method: "POST",
          json: input,
        },
      ),
    onSettled: invalidate,
  });
}
