// Types and calls of the admin REST API (spec §7), with the session-expiry rule of §6: a 401 or
// 403 signs the teacher out, says 'Session Expired' and goes home.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useToast } from "../../components/ui/toaster.tsx";
import { api, isSessionExpired } from "../../lib/api.ts";
import { useNavigate } from "../../lib/router.tsx";
import { adminStatusKey } from "../auth/student-auth.ts";

export type BookingStatus = "pending" | "confirmed" | "cancelled" | "completed";

export type AdminBooking = {
  id: string;
  status: BookingStatus;
  notes: string | null;
  lesson_date: string;
  lesson_end: string;
  lesson_type: "online" | "in-person";
  google_meet_link: string | null;
  location: string | null;
  created_at: string;
  teacher_id: string | null;
  teacher: { id: string; name: string; email: string } | null;
  student: {
    id: string | null;
    name: string;
    email: string;
    phone: string | null;
    english_level: string | null;
    lesson_focus: string | null;
    notes: string | null;
  };
  cancelled_at: string | null;
  cancellation_reason: string | null;
  cancelled_by_student: boolean;
};

export type Teacher = { id: string; name: string; email: string; is_active: boolean };

export type AdminStudent = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  english_level: string | null;
  lesson_focus: string | null;
  preferred_type: string | null;
  preferred_location: string | null;
  notes: string | null;
  created_at: string;
  total_lessons: number;
  bookings: {
    id: string;
    lesson_date: string;
    status: BookingStatus;
    lesson_type: string;
    notes: string | null;
    teacher_name: string | null;
  }[];
};

export type StudentNote = {
  id: string;
  student_id: string;
  student: { id: string; name: string; email: string };
  teacher_note: string;
  note_date: string;
  tags: string[];
  is_private: boolean;
  booking: { id: string; lesson_type: string; lesson_date: string } | null;
  author_name: string | null;
  is_mine: boolean;
  created_at: string;
};

export type SharedFile = {
  id: string;
  student_id: string;
  student: { id: string; name: string; email: string };
  title: string;
  description: string | null;
  file_type: "document" | "audio" | "video" | "image" | "link";
  file_url: string;
  file_size: number | null;
  is_active: boolean;
  last_viewed_at: string | null;
  created_at: string;
};

export type WeeklyEntry = { dayOfWeek: number; startTime: string; duration: number };
export type KeptLesson = { startsAt: string; endsAt: string; studentName: string };
/** The standing weekly schedule: the server keeps its slots through the booking horizon. */
export type WeeklyScheduleStatus = {
  timezone: string;
  maxAdvanceBooking: number;
  schedule: { entries: WeeklyEntry[]; seriesId: string; slotsThrough: string | null; updatedAt: string } | null;
};
export type WeeklyScheduleResult = {
  created: number;
  alreadyPresent: number;
  skipped: number;
  skippedSlots: { startsAt: string; endsAt: string }[];
  skippedDaysOff: number;
  removed: number;
  keptBooked: KeptLesson[];
  keptBookedCount: number;
  filledThrough: string;
  message: string;
};
export type RemovalResult = { deleted: number; keptBooked?: KeptLesson[]; keptBookedCount?: number; message?: string };

export type AdminSlot = {
  id: string;
  teacherId: string;
  startTime: string;
  endTime: string;
  recurring: string;
  duration: number;
  booked: boolean;
  seriesId: string | null;
};

export type AdminSettings = {
  profile: {
    name: string;
    email: string;
    phone: string;
    bio: string;
    image_url: string | null;
    specializations: string[];
  };
  business: {
    defaultLessonDuration: number;
    bufferBetweenLessons: number;
    maxAdvanceBooking: number;
    cancellationPolicy: string;
    timezone: string;
    defaultMeetingLink: string | null;
  };
  system: { dateFormat: string; timeFormat: string; autoConfirmBookings: boolean };
};

export type Inbox = {
  totals: { availabilityRequests: number; groupSignups: number };
  open: { availabilityRequests: number; groupSignups: number };
  availabilityRequests: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    availability: string;
    location: string;
    handled_at: string | null;
    created_at: string;
  }[];
  groupSignups: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    price: number;
    event: { day_of_week: string; time: string; location: string };
    package: { name: string; weeks: number };
    handled_at: string | null;
    created_at: string;
  }[];
};

export type EmailStatus = "pending" | "sent" | "failed" | "held";
export type OutboxEmail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  status: EmailStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  attachments: string[];
};
export type EmailList = {
  smtp_configured: boolean;
  total: number;
  counts: Record<EmailStatus, number>;
  emails: OutboxEmail[];
};

/** Rows per page of every admin list (the server accepts up to 200). */
export const ADMIN_PAGE_SIZE = 25;
export type PageParams = { limit?: number; offset?: number };
export type StudentCounts = { all: number; beginner: number; intermediate: number; advanced: number };

export const adminKeys = {
  dashboard: ["admin", "dashboard"] as const,
  bookings: (params: Record<string, unknown>) => ["admin", "bookings", params] as const,
  allBookings: ["admin", "bookings"] as const,
  teachers: ["admin", "teachers"] as const,
  students: ["admin", "students"] as const,
  studentsPage: (params: Record<string, unknown>) => ["admin", "students", "page", params] as const,
  settings: ["admin", "settings"] as const,
  notes: ["admin", "notes"] as const,
  tags: ["admin", "tags"] as const,
  files: ["admin", "files"] as const,
  slots: ["admin", "slots"] as const,
  weeklySchedule: ["admin", "weekly-schedule"] as const,
  inbox: ["admin", "inbox"] as const,
  inboxPage: (params: Record<string, unknown>) => ["admin", "inbox", params] as const,
  emails: (params: Record<string, unknown>) => ["admin", "emails", params] as const,
  allEmails: ["admin", "emails"] as const,
};

export function qs(params: Record<string, string | number | boolean | undefined | null>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : "";
}

export const adminApi = {
  dashboard: () =>
    api<{ stats: { totalBookings: number; pendingBookings: number; totalStudents: number } }>("/admin/dashboard"),
  bookings: (p: { status?: string; limit?: number; offset?: number; teacher_filter?: string; search?: string }) =>
    api<{ bookings: AdminBooking[]; total: number }>(`/admin/bookings${qs(p)}`),
  updateBooking: (
    id: string,
    body: {
      status: string;
      notes?: string | null;
      teacher_id?: string | null;
      google_meet_link?: string | null;
      location?: string | null;
    },
  ) => api<{ booking: AdminBooking }>(`/admin/bookings/${id}`, { method: "PUT", json: body }),
  teachers: () => api<{ teachers: Teacher[] }>("/admin/teachers"),
  /** Every student, for the pickers of the notes and files forms. */
  students: () => api<{ students: AdminStudent[]; total: number }>("/admin/students"),
  studentsPage: (p: { search?: string; level?: string } & PageParams) =>
    api<{ students: AdminStudent[]; total: number; counts: StudentCounts }>(`/admin/students${qs(p)}`),
  settings: () => api<{ settings: AdminSettings }>("/admin/settings"),
  saveSettings: (settings: AdminSettings) =>
    api<{ settings: AdminSettings }>("/admin/settings", { method: "PUT", json: { settings } }),
  notes: (p: { student_id?: string; search?: string; tag?: string; private_only?: boolean } & PageParams) =>
    api<{ notes: StudentNote[]; total: number }>(`/admin/student-notes${qs(p)}`),
  tags: () => api<{ tags: string[] }>("/admin/student-notes/tags/all"),
  createNote: (body: Record<string, unknown>) =>
    api<{ note: StudentNote }>("/admin/student-notes", { method: "POST", json: body }),
  updateNote: (id: string, body: Record<string, unknown>) =>
    api<{ note: StudentNote }>(`/admin/student-notes/${id}`, { method: "PUT", json: body }),
  deleteNote: (id: string) => api<{ success: boolean }>(`/admin/student-notes/${id}`, { method: "DELETE" }),
  files: (p: { student_id?: string; file_type?: string; is_active?: boolean; search?: string } & PageParams) =>
    api<{ files: SharedFile[]; total: number; counts: { totalFiles: number; activeFiles: number; students: number } }>(
      `/admin/shared-files${qs(p)}`,
    ),
  createFile: (body: Record<string, unknown>) =>
    api<{ file: SharedFile }>("/admin/shared-files", { method: "POST", json: body }),
  updateFile: (id: string, body: Record<string, unknown>) =>
    api<{ file: SharedFile }>(`/admin/shared-files/${id}`, { method: "PUT", json: body }),
  deleteFile: (id: string) => api<{ success: boolean }>(`/admin/shared-files/${id}`, { method: "DELETE" }),
  slots: (start: string, end: string) =>
    api<{ timezone: string; slots: AdminSlot[] }>(`/admin/availability${qs({ start, end })}`),
  createSlot: (body: { startTime: string; duration: number; recurring: "weekly" | "none" }) =>
    api<{ created: number }>("/availability", { method: "POST", json: body }),
  createWeekly: (body: {
    schedule: { dayOfWeek: number; startTime: string; duration: number }[];
    weeksAhead: number;
  }) => api<WeeklyScheduleResult>("/availability/bulk", { method: "POST", json: body }),
  weeklySchedule: () => api<WeeklyScheduleStatus>("/availability/schedule"),
  removeWeeklySchedule: () => api<RemovalResult>("/availability/schedule", { method: "DELETE" }),
  deleteSlot: (id: string) => api<{ deleted: number }>(`/availability/${id}`, { method: "DELETE" }),
  deleteSeries: (seriesId: string, from: string) =>
    api<RemovalResult>(`/availability/series/${seriesId}${qs({ from })}`, { method: "DELETE" }),
  daysOff: (startDate: string, endDate: string) =>
    api<{ deleted: number }>("/availability/days-off", { method: "POST", json: { startDate, endDate } }),
  inbox: (p: { limit?: number; requests_offset?: number; signups_offset?: number } = {}) =>
    api<Inbox>(`/admin/inbox${qs(p)}`),
  emails: (p: { status?: string; limit?: number; offset?: number }) => api<EmailList>(`/admin/emails${qs(p)}`),
  retryEmail: (id: string) =>
    api<{ success: boolean; message: string }>(`/admin/emails/${id}/retry`, { method: "POST", json: {} }),
  markHandled: (kind: "availability-request" | "group-signup", id: string, handled: boolean) =>
    api<{ success: boolean }>(`/admin/inbox/${kind}/${id}/handled`, { method: "POST", json: { handled } }),
};

/**
 * Reports a failed admin call: an expired session (401/403) signs out with 'Session Expired'
 * and goes home; anything else shows the panel's own failure text.
 */
export function useAdminFailure() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, description: string) => {
      if (isSessionExpired(error)) {
        toast({ title: "Session Expired", description: "Please sign in again.", variant: "destructive" });
        queryClient.setQueryData(adminStatusKey, { authenticated: false, user: null });
        queryClient.removeQueries({ queryKey: ["admin"] });
        navigate("/");
        return;
      }
      toast({ title: "Error", description, variant: "destructive" });
    },
    [toast, navigate, queryClient],
  );
}
