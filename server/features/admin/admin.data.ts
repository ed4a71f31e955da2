import type { Db } from "../../db.ts";

export async function countDashboardStats(db: Db) {
  const [totalBookings, pendingBookings, totalStudents] = await Promise.all([
    db.booking.count(),
    db.booking.count({ where: { status: "pending" } }),
    db.user.count({ where: { isAdmin: false } }),
  ]);
  return { totalBookings, pendingBookings, totalStudents };
}
