import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Modal } from "../../components/ui/dialog.tsx";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import type { SelectedPackage, SelectedTeacher } from "./booking-storage.ts";

type Form = { name: string; email: string; availability: string; location: string; phone: string };
const EMPTY: Form = { name: "", email: "", availability: "", location: "", phone: "" };

/** 'Can't make any times work? Contact us': a custom availability request to the teacher. */
export function CustomAvailabilityDialog({
  open,
  onClose,
  pkg,
  teacher,
  defaults,
}: {
  open: boolean;
  onClose: () => void;
  pkg: SelectedPackage | null;
  teacher: SelectedTeacher | null;
  defaults?: { name?: string; email?: string };
}) {
  const toast = useToast();
  const t = useT();
  const [form, setForm] = useState<Form>({ ...EMPTY, name: defaults?.name ?? "", email: defaults?.email ?? "" });
  const [missing, setMissing] = useState(false);
  const send = useMutation(trpc.booking.requestCustomAvailability.mutationOptions());
  const field = bindFields(form, (patch) => setForm((f) => ({ ...f, ...patch })));

  const required: (keyof Form)[] = ["name", "email", "availability", "location"];
  /** A required field's value and change handler, and its error after a submit that left it empty. */
  const requiredField = (key: keyof Form) => ({
    ...field.text(key),
    error: missing && !form[key].trim() ? t("booking-schedule.custom.required") : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (required.some((key) => !form[key].trim())) {
      setMissing(true);
      toast({
        title: t("booking-schedule.custom.missing.title"),
        description: t("booking-schedule.custom.missing.text"),
        variant: "destructive",
      });
      return;
    }
    try {
      await send.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim(),
        availability: form.availability.trim(),
        location: form.location.trim(),
        phone: form.phone.trim(),
        packageInfo: pkg ? { id: pkg.id, name: pkg.name, lessons: pkg.lessons, totalPrice: pkg.totalPrice } : null,
        teacherInfo: teacher ? { id: teacher.id, name: teacher.name } : null,
      });
      toast({
        title: t("booking-schedule.custom.sent.title"),
        description: t("booking-schedule.custom.sent.text"),
        variant: "success",
      });
      setForm({ ...EMPTY, name: defaults?.name ?? "", email: defaults?.email ?? "" });
      setMissing(false);
      onClose();
    } catch {
      toast({
        title: t("booking.error.title"),
        description: t("booking-schedule.custom.failed"),
        variant: "destructive",
      });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("booking-schedule.custom.title")}
      description={t("booking-schedule.custom.description")}
      size="lg"
    >
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
        aria-label={t("booking-schedule.custom.title")}
      >
        <TextField label={t("booking-schedule.custom.name")} required {...requiredField("name")} autoComplete="name" />
        <TextField
          label={t("booking-schedule.custom.email")}
          type="email"
          required
          {...requiredField("email")}
          autoComplete="email"
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t("booking-schedule.custom.availability")}
          required
          rows={3}
          placeholder={t("booking-schedule.custom.availabilityPlaceholder")}
          {...requiredField("availability")}
        />
        <TextField
          label={t("booking-schedule.custom.location")}
          required
          placeholder={t("booking-schedule.custom.locationPlaceholder")}
          {...requiredField("location")}
        />
        <TextField label={t("booking-schedule.custom.phone")} type="tel" {...field.text("phone")} autoComplete="tel" />
        <FormActions
          className="border-t border-slate-100 pt-4 sm:col-span-2"
          onCancel={onClose}
          cancelLabel={t("booking-schedule.custom.cancel")}
          submitLabel={t("booking-schedule.custom.send")}
          pendingLabel={t("booking-schedule.custom.sending")}
          isPending={send.isPending}
        />
      </form>
    </Modal>
  );
}
