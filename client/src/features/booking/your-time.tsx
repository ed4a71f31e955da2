import { formatDate, formatTime } from "../../lib/format.ts";

/** A lesson's start in the visitor's own zone, shown under the teacher's time when the zones differ. */
export function YourTime({ startTime, zone }: { startTime: string; zone: string }) {
  return (
    <span className="block text-xs text-slate-500">
      {formatDate(startTime, { timeZone: zone, style: "short" })}, {formatTime(startTime, { timeZone: zone })} your time
    </span>
  );
}
