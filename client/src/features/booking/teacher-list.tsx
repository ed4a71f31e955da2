import { lazy, Suspense, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { SelectedTeacher } from "./booking-storage.ts";
import { Avatar } from "./teacher-avatar.tsx";

const VISIBLE_SPECIALIZATIONS = 3;

// The dialog (and Headless UI's Dialog with it) loads only when a profile is opened.
const TeacherDialog = lazy(() => import("./teacher-dialog.tsx").then((m) => ({ default: m.TeacherDialog })));

export function SpecializationBadges({ items }: { items: string[] }) {
  const t = useT();
  const shown = items.slice(0, VISIBLE_SPECIALIZATIONS);
  const more = items.length - shown.length;
  return (
    <div className="flex flex-wrap gap-1.5">
      {shown.map((s) => (
        <Badge key={s} tone="blue">
          {s}
        </Badge>
      ))}
      {more > 0 && <Badge>{t("booking-packages.teachers.more", { count: more })}</Badge>}
    </div>
  );
}

/**
 * The teachers of the pricing step. With one teacher she is selected for the visitor and
 * labelled Your Teacher; with several the visitor must choose (Continue waits for it).
 */
export function TeacherList({
  teachers,
  selectedId,
  onSelect,
}: {
  teachers: SelectedTeacher[];
  selectedId: string | null;
  onSelect: (teacher: SelectedTeacher) => void;
}) {
  const t = useT();
  const [detail, setDetail] = useState<SelectedTeacher | null>(null);
  const single = teachers.length === 1;

  return (
    <section aria-labelledby="teachers-title">
      <h2 id="teachers-title" className="text-xl font-bold text-slate-900">
        {t(single ? "booking-packages.teachers.yours" : "booking-packages.teachers.choose")}
      </h2>
      {!single && <p className="mt-1 text-sm text-slate-600">{t("booking-packages.teachers.chooseHint")}</p>}
      <ul className={`mt-4 grid gap-4 ${single ? "" : "md:grid-cols-2"}`}>
        {teachers.map((teacher) => {
          const selected = teacher.id === selectedId;
          return (
            <li
              key={teacher.id}
              className={`flex flex-col gap-4 rounded-2xl border-2 bg-white p-5 shadow-sm sm:flex-row sm:items-center ${
                selected ? "border-blue-900" : "border-slate-200"
              }`}
            >
              <div className="flex flex-1 items-start gap-4">
                <Avatar teacher={teacher} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-lg font-semibold text-slate-900">{teacher.name}</h3>
                    {single && <Badge tone="green">{t("booking-packages.teachers.yours")}</Badge>}
                  </div>
                  {teacher.bio && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{teacher.bio}</p>}
                  {teacher.specializations && teacher.specializations.length > 0 && (
                    <div className="mt-2">
                      <SpecializationBadges items={teacher.specializations} />
                    </div>
                  )}
                </div>
              </div>
              <div className="flex gap-2 sm:flex-col">
                <Button variant="outline" size="sm" className="flex-1" onClick={() => setDetail(teacher)}>
                  {t("booking-packages.teachers.viewProfile")}
                </Button>
                {!single && (
                  <Button
                    size="sm"
                    className="flex-1"
                    variant={selected ? "primary" : "outline"}
                    aria-pressed={selected}
                    aria-label={t("booking.choice.select", { name: teacher.name })}
                    onClick={() => onSelect(teacher)}
                  >
                    {t(selected ? "booking.choice.selected" : "booking.choice.unselected")}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      {detail && (
        <Suspense fallback={null}>
          <TeacherDialog
            teacher={detail}
            onClose={() => setDetail(null)}
            onSelect={() => {
              onSelect(detail);
              setDetail(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
