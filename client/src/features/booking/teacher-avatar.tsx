import type { SelectedTeacher } from "./booking-storage.ts";

/** The teacher's photo, or her initials when there is none. */
export function Avatar({ teacher, size = "md" }: { teacher: SelectedTeacher; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-20 w-20 text-2xl" : "h-14 w-14 text-lg";
  if (teacher.image_url) {
    return (
      <img src={teacher.image_url} alt="" className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white`} />
    );
  }
  const initials = teacher.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${box} grid shrink-0 place-items-center rounded-full bg-blue-100 font-bold text-blue-900`}
    >
      {initials}
    </span>
  );
}
