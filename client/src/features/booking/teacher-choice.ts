// The pricing step's teacher rule (spec §2): with one teacher she is the visitor's teacher; with
// several the visitor must choose one, and a stored choice counts only while that teacher exists.

export type TeacherChoice<T> = { teacher: T | null; mustChoose: boolean };

export function resolveTeacherChoice<T extends { id: string }>(teachers: T[], stored: T | null): TeacherChoice<T> {
  if (teachers.length === 1) return { teacher: teachers[0], mustChoose: false };
  const kept = stored && teachers.some((t) => t.id === stored.id) ? stored : null;
  return { teacher: kept, mustChoose: teachers.length > 1 };
}

/** Continue to the schedule: a package, the teachers loaded, and a teacher when one must be chosen. */
export function canContinueToSchedule(
  hasPackage: boolean,
  teachersLoaded: boolean,
  choice: TeacherChoice<unknown>,
): boolean {
  return hasPackage && teachersLoaded && (!choice.mustChoose || choice.teacher !== null);
}
