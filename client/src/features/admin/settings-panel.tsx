// Admin Settings (panel 7): Profile Information (the teacher's own public card), Business
// Configuration and System Preferences (the site's), with every option of spec §9.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { ErrorAlert } from "../../components/ui/error-alert.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { upload } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";
import { type RouterInputs, trpc, trpcClient } from "../../trpc.ts";
import { type AdminSettings, serverMessage, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { useAdminSettingsQuery } from "./admin-format.ts";
import { BillingCard } from "./settings-billing-card.tsx";
import { BusinessCard, type SetSettings, SystemCard } from "./settings-cards.tsx";
import { HolidaysCard, MeetingsCard } from "./settings-meetings-card.tsx";
import { type PendingPhoto, ProfileCard } from "./settings-profile-card.tsx";

type SettingsInput = RouterInputs["admin"]["settings"]["update"]["settings"];

/** The photo upload of a Save Changes failed: shown with the spec's photo texts, not the save's. */
class PhotoUploadError extends Error {}

export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const query = useAdminSettingsQuery();
  const [form, setForm] = useState<AdminSettings | null>(null);
  // A chosen photo is only previewed (a data: URL, which the CSP allows for images) until Save
  // Changes uploads and stores it.
  const [pendingPhoto, setPendingPhoto] = useState<PendingPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newLink, setNewLink] = useState<{ link: string; previous: string | null } | null>(null);
  const applyLink = useMutation(
    trpc.admin.settings.applyMeetingLink.mutationOptions({
      onSuccess: ({ updated }) => {
        setNewLink(null);
        toast({
          title: t("admin.settings.success"),
          description: t("admin.settings.applyLink.done", { count: updated }),
          variant: "success",
        });
      },
      onError: (e) => fail(e, t("admin.settings.saveFailed")),
    }),
  );

  useEffect(() => {
    if (query.data && !form) setForm(structuredClone(query.data.settings));
  }, [query.data, form]);
  useLoadFailure(query.error, t("admin.settings.loadFailed"));

  const save = useMutation({
    mutationFn: async ({
      settings,
      photo,
    }: {
      settings: AdminSettings;
      photo: File | null;
      previousLink: string | null;
    }) => {
      let next = settings;
      if (photo) {
        const data = new FormData();
        data.append("type", "profile");
        data.append("file", photo);
        try {
          const { imageUrl } = await upload<{ imageUrl: string }>("/files/upload-profile-photo", data);
          next = { ...settings, profile: { ...settings.profile, image_url: imageUrl } };
        } catch (e) {
          throw new PhotoUploadError(e instanceof Error ? e.message : "");
        }
      }
      // The form holds the saved values and the options' strings; the server checks each one
      // against its schema, and a refusal's message is shown below the form.
      const result = await trpcClient.admin.settings.update.mutate({ settings: next as SettingsInput });
      return { result, photoSaved: Boolean(photo) };
    },
    onSuccess: ({ result, photoSaved }, { previousLink }) => {
      queryClient.setQueryData(trpc.admin.settings.get.queryKey(), { settings: result.settings });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.settings.setup.queryKey() });
      // A new default link fills only new lessons: offer it to the upcoming ones too (issue 33).
      const link = result.settings.business.defaultMeetingLink;
      if (link && link !== previousLink) setNewLink({ link, previous: previousLink });
      setForm(structuredClone(result.settings));
      setPendingPhoto(null);
      if (photoSaved) {
        toast({
          title: t("admin.settings.success"),
          description: t("admin.settings.photoUploaded"),
          variant: "success",
        });
      }
      toast({ title: t("admin.settings.success"), description: t("admin.settings.saved"), variant: "success" });
    },
    onError: (e) => {
      if (e instanceof PhotoUploadError) {
        toast({
          title: t(e.message ? "admin.settings.uploadFailed" : "admin.settings.error"),
          description: e.message || t("admin.settings.photoFailed"),
          variant: "destructive",
        });
        return;
      }
      setError(serverMessage(e));
      fail(e, t("admin.settings.saveFailed"));
    },
  });

  if (query.isPending || !form)
    return query.isError ? (
      <p className="text-red-700">{t("admin.settings.loadFailed")}</p>
    ) : (
      <Spinner label={t("admin.settings.loading")} />
    );

  const set: SetSettings = (card, patch) => setForm({ ...form, [card]: { ...form[card], ...patch } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({
      settings: form,
      photo: pendingPhoto?.file ?? null,
      previousLink: query.data?.settings.business.defaultMeetingLink ?? null,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t("admin.settings.formLabel")}>
      <ProfileCard
        profile={form.profile}
        set={set}
        pendingPhoto={pendingPhoto}
        onPendingPhoto={setPendingPhoto}
        isSaving={save.isPending}
      />
      <BusinessCard business={form.business} set={set} />
      <MeetingsCard meetings={form.meetings} set={set} />
      <HolidaysCard holidays={form.holidays} set={set} />
      <SystemCard system={form.system} set={set} />
      <BillingCard billing={form.billing} set={set} />

      <ErrorAlert message={error} />
      <FormActions
        className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_-8px_rgba(15,23,42,0.25)] sm:mx-0 sm:rounded-2xl sm:border"
        cancelLabel={t("admin.settings.close")}
        onCancel={onClose}
        submitLabel={t("admin.settings.save")}
        pendingLabel={t("admin.settings.saving")}
        isPending={save.isPending}
      />
      <Modal
        open={newLink !== null}
        onClose={() => setNewLink(null)}
        title={t("admin.settings.applyLink.title")}
        description={newLink ? t("admin.settings.applyLink.text", { link: newLink.link }) : undefined}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setNewLink(null)}>
              {t("admin.settings.applyLink.skip")}
            </Button>
            <Button disabled={applyLink.isPending} onClick={() => newLink && applyLink.mutate(newLink)}>
              {t("admin.settings.applyLink.apply")}
            </Button>
          </>
        }
      />
    </form>
  );
}
