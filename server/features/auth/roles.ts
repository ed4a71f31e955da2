// Who may call what, written once: the tRPC base procedures (trpc/init.ts) and the few REST
// routes that are no procedure (uploads, downloads, the data export) both ask here.
import { AppError } from "../../errors.ts";
import type { SessionKind, SessionUser } from "./session.service.ts";

/** The request's session of a kind (resolved once per request by the session plugin). */
export type SessionLookup = (kind: SessionKind) => Promise<SessionUser | null>;

export const SIGN_IN_MESSAGE = "Please sign in to continue.";
export const TEACHER_SIGN_IN_MESSAGE = "Please sign in as the teacher.";
export const ADMIN_REQUIRED_MESSAGE = "Administrator access required.";

/** The signed-in student, or UNAUTHORIZED with `message` (the booking flow words it its own way). */
export async function requireStudent(sessionUser: SessionLookup, message = SIGN_IN_MESSAGE): Promise<SessionUser> {
  const student = await sessionUser("student");
  if (!student) throw new AppError("UNAUTHORIZED", message);
  return student;
}

/** The signed-in admin; the flag comes from the user row read with the session, never a cache. */
export async function requireAdmin(sessionUser: SessionLookup): Promise<SessionUser> {
  const admin = await sessionUser("admin");
  if (!admin) throw new AppError("UNAUTHORIZED", TEACHER_SIGN_IN_MESSAGE);
  if (!admin.isAdmin) throw new AppError("FORBIDDEN", ADMIN_REQUIRED_MESSAGE);
  return admin;
}

/** The admin if signed in as one, else the student: for what both may reach (their own files). */
export async function requireAdminOrStudent(sessionUser: SessionLookup): Promise<SessionUser> {
  const admin = await sessionUser("admin");
  return admin?.isAdmin ? admin : requireStudent(sessionUser);
}
