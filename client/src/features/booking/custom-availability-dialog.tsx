import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Modal } from "../../components/ui/dialog.tsx";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
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
  const [form, setForm] = useState<Form>({ ...EMPTY, name: defaults?.name ?? "", email: defaults?.email ?? "" });
  const [missing, setMissing] = useState(false);
  const send = useMutation(trpc.booking.requestCustomAvailability.mutationOptions());
  const field = bindFields(form, (patch) => setForm((f) => ({ ...f, ...patch })));

  const required: (keyof Form)[] = ["name", "email", "availability", "location"];
  /** A required field's value and change handler, and its error after a submit that left it empty. */
  const requiredField = (key: keyof Form) => ({
    ...field.text(key),
    error: missing && !form[key].trim() ? "Required" : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (required.some((key) => !form[key].trim())) {
      setMissing(true);
      toast({
        title: "Missing Information",
        description: "Please fill in all required fields.",
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
        title: "Request Sent!",
        description: "We've sent your availability request and will get back to you soon.",
        variant: "success",
      });
      setForm({ ...EMPTY, name: defaults?.name ?? "", email: defaults?.email ?? "" });
      setMissing(false);
      onClose();
    } catch {
      toast({ title: "Error", description: "Failed to send request. Please try again.", variant: "destructive" });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Request Custom Availability"
      description="Tell us when you are free and we will try to find a time that works for you."
      size="lg"
    >
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Request Custom Availability">
        <TextField label="Name" required {...requiredField("name")} autoComplete="name" />
        <TextField label="Email" type="email" required {...requiredField("email")} autoComplete="email" />
        <TextAreaField
          className="sm:col-span-2"
          label="Your availability"
          required
          rows={3}
          placeholder="e.g. Weekday evenings after 7 PM, Sunday mornings"
          {...requiredField("availability")}
        />
        <TextField label="City / time zone" required placeholder="e.g. London, GMT" {...requiredField("location")} />
        <TextField label="Phone (optional)" type="tel" {...field.text("phone")} autoComplete="tel" />
        <FormActions
          className="border-t border-slate-100 pt-4 sm:col-span-2"
          onCancel={onClose}
          submitLabel="Send Request"
          pendingLabel="Sending..."
          isPending={send.isPending}
        />
      </form>
    </Modal>
  );
}
