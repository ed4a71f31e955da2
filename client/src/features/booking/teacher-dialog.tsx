import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { SelectedTeacher } from "./booking-storage.ts";
import { Avatar } from "./teacher-avatar.tsx";

/** A teacher's profile: About, Specializations and Select This Teacher. */
export function TeacherDialog({
  teacher,
  onClose,
  onSelect,
}: {
  teacher: SelectedTeacher;
  onClose: () => void;
  onSelect: () => void;
}) {
  const t = useT();
  return (
    <Modal
      open
      onClose={onClose}
      title={teacher.name}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t("booking-packages.teacher.close")}
          </Button>
          <Button onClick={onSelect}>{t("booking-packages.teacher.select")}</Button>
        </>
      }
    >
      {teacher && (
        <div className="space-y-5">
          <div className="flex items-center gap-4">
            <Avatar teacher={teacher} size="lg" />
            <p className="text-sm text-slate-600">{(teacher.specializations ?? []).slice(0, 2).join(" · ")}</p>
          </div>
          <section>
            <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {t("booking-packages.teacher.about")}
            </h3>
            <p className="mt-1 text-slate-700">{teacher.bio || t("booking-packages.teacher.noBio")}</p>
          </section>
          <section>
            <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {t("booking-packages.teacher.specializations")}
            </h3>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {(teacher.specializations ?? []).map((s) => (
                <Badge key={s} tone="blue">
                  {s}
                </Badge>
              ))}
              {(teacher.specializations ?? []).length === 0 && (
                <p className="text-sm text-slate-500">{t("booking-packages.teacher.noSpecializations")}</p>
              )}
            </div>
          </section>
        </div>
      )}
    </Modal>
  );
}
