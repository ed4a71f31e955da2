// "Join the waitlist" on the schedule step (issue 31, item 3): any time on a weekday between two
// hours, on the teacher's clock. Loaded when opened, its words with it (the step's 130 KB budget);
// a visitor signs in first and comes back to the step with the dialog open.
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { localePath } from "../../../../shared/i18n/locales.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useMessageAreas } from "../../lib/lazy-messages.ts";
import { trpc } from "../../trpc.ts";

const DAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 16 }, (_, i) => `${String(i + 7).padStart(2, "0")}:00`);

export default function WaitlistDialog(props: {
  onClose: () => void;
  signedIn: boolean;
  /** The step's address, to come back to after signing in. */
  returnTo: string;
  zone: string;
}) {
  useMessageAreas(["booking-waitlist"]);
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const [form, setForm] = useState({ weekday: "2", from: "14:00", to: "18:00" });
  const [error, setError] = useState<string | undefined>();
  const join = useMutation(trpc.portal.joinWaitlist.mutationOptions());
  const title = t("booking-waitlist.title");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.to <= form.from) {
      setError(t("booking-waitlist.badWindow"));
      return;
    }
    try {
      await join.mutateAsync({ weekday: Number(form.weekday), from: form.from, to: form.to, locale });
      toast({
        title: t("booking-waitlist.joined.title"),
        description: t("booking-waitlist.joined.text", {
          weekday: t("booking-waitlist.onDays", { day: form.weekday }),
          from: form.from,
          to: form.to,
        }),
        variant: "success",
      });
      props.onClose();
    } catch (caught) {
      const description = caught instanceof Error && caught.message ? caught.message : t("booking-waitlist.failed");
      toast({ title: title, description, variant: "destructive" });
    }
  };

  const select = (key: keyof typeof form, label: string, options: { value: string; label: string }[]) => (
    <SelectField
      label={label}
      value={form[key]}
      onChange={(e) => {
        setError(undefined);
        setForm((f) => ({ ...f, [key]: e.target.value }));
      }}
      options={options}
      error={key === "to" ? error : undefined}
    />
  );
  const hours = HOURS.map((h) => ({ value: h, label: h }));

  return (
    <Modal open onClose={props.onClose} title={title} description={t("booking-waitlist.description")}>
      {props.signedIn ? (
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-3" aria-label={title}>
          {select(
            "weekday",
            t("booking-waitlist.weekday"),
            DAYS.map((d) => ({ value: String(d), label: t("booking-waitlist.days", { day: String(d) }) })),
          )}
          {select("from", t("booking-waitlist.from"), hours)}
          {select("to", t("booking-waitlist.to"), [...hours.slice(1), { value: "23:00", label: "23:00" }])}
          <p className="text-sm text-slate-500 sm:col-span-3">{t("booking-waitlist.zone", { zone: props.zone })}</p>
          <FormActions
            className="border-t border-slate-100 pt-4 sm:col-span-3"
            onCancel={props.onClose}
            submitLabel={t("booking-waitlist.submit")}
            pendingLabel={t("booking-waitlist.sending")}
            isPending={join.isPending}
          />
        </form>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t("booking-waitlist.signInText")}</p>
          <ButtonLink to={`/student?next=${encodeURIComponent(localePath(locale, props.returnTo))}`} className="w-full">
            {t("booking-waitlist.signIn")}
          </ButtonLink>
        </div>
      )}
    </Modal>
  );
}
