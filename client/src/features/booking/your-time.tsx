import { formatDate, formatTime } from "../../../../shared/i18n/format.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { intlZone } from "../../lib/zoned-date.ts";

/** A lesson's start in the visitor's own zone, shown under the teacher's time when the zones differ. */
export function YourTime({ startTime, zone }: { startTime: string; zone: string }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = intlZone(zone);
  return (
    <span className="block text-xs text-slate-500">
      {t("booking.yourTime", {
        day: formatDate(locale, startTime, { timeZone, style: "short" }),
        time: formatTime(locale, startTime, { timeZone }),
      })}
    </span>
  );
}
