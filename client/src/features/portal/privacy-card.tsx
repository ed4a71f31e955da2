// "Privacy & data" on the profile page: download everything stored about you (a JSON file) and
// delete the account. Deletion asks for the typed word DELETE, as the server does.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { localePath } from "../../../../shared/i18n/locales.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useRichT, useT } from "../../lib/i18n.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { signOutStudentOnServer, studentStatusKey } from "../auth/student-auth.ts";
import { useSessionExpiry } from "./portal-api.ts";

const CONFIRM_WORD = "DELETE";

export function PrivacyCard() {
  const t = useT();
  const rich = useRichT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onExpired = useSessionExpiry();
  const deleted = useRef(false);
  const deleteAccount = useMutation(trpc.portal.deleteAccount.mutationOptions());

  // The signed-out state is written only once this card (and the guarded portal around it) has
  // unmounted on the way to the home page: written earlier, the portal's guard would send the
  // visitor to the sign-in page instead.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      queryClient.setQueryData(studentStatusKey, { authenticated: false, user: null });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== studentStatusKey[0] });
    },
    [queryClient],
  );

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped("");
    setError(null);
  };

  const remove = async () => {
    if (typed.trim() !== CONFIRM_WORD) {
      setError(t("portal.privacy.typeWord", { word: CONFIRM_WORD }));
      return;
    }
    setBusy(true);
    try {
      await deleteAccount.mutateAsync({ confirmation: typed.trim() });
      // The sessions went with the account; the sign-out clears the cookie too.
      await signOutStudentOnServer().catch(() => undefined);
      deleted.current = true;
      navigate("/", { replace: true });
      toast({
        title: t("portal.privacy.deleted"),
        description: t("portal.privacy.deletedText"),
        variant: "success",
      });
    } catch (e) {
      setBusy(false);
      if (onExpired(e)) return;
      toast({ title: t("portal.toast.error"), description: (e as Error).message, variant: "destructive" });
    }
  };

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="privacy-data-title" role="region">
      <h2 id="privacy-data-title" className="text-lg font-semibold text-slate-900">
        {t("portal.privacy.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {rich("portal.privacy.intro", {
          link: (
            <a
              className="font-semibold text-blue-900 underline underline-offset-2"
              href={localePath(locale, "/privacy")}
            >
              {t("portal.privacy.noticeLink")}
            </a>
          ),
        })}
      </p>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <div className="flex flex-col rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{t("portal.privacy.download")}</h3>
          <p className="mt-1 flex-1 text-sm text-slate-600">{t("portal.privacy.downloadText")}</p>
          {/* A plain link: the browser saves the server's attachment with the session cookie. */}
          <a href="/api/student/export" download className={`${buttonClasses({ variant: "outline" })} mt-4 self-start`}>
            {t("portal.privacy.download")}
          </a>
        </div>
        <div className="flex flex-col rounded-xl border border-red-200 bg-red-50/40 p-4">
          <h3 className="font-semibold text-red-800">{t("portal.privacy.delete")}</h3>
          <p className="mt-1 flex-1 text-sm text-slate-600">{t("portal.privacy.deleteText")}</p>
          <Button variant="danger" className="mt-4 self-start" onClick={() => setOpen(true)}>
            {t("portal.privacy.delete")}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={open}
        title={t("portal.privacy.confirmTitle")}
        destructive
        busy={busy}
        confirmLabel={busy ? t("portal.privacy.deleting") : t("portal.privacy.delete")}
        onCancel={close}
        onConfirm={() => void remove()}
        message={
          <div className="space-y-3">
            <p>{t("portal.privacy.confirmIntro")}</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t("portal.privacy.effect.lessons")}</li>
              <li>{t("portal.privacy.effect.erased")}</li>
              <li>{t("portal.privacy.effect.emails")}</li>
              <li>{t("portal.privacy.effect.records")}</li>
              <li>{t("portal.privacy.effect.signedOut")}</li>
            </ul>
            <p>
              {rich("portal.privacy.considerDownload", {
                strong: <strong>{t("portal.privacy.downloadingData")}</strong>,
              })}
            </p>
            <TextField
              label={t("portal.privacy.typeLabel", { word: CONFIRM_WORD })}
              value={typed}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={error}
              onChange={(e) => {
                setTyped(e.target.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void remove();
                }
              }}
            />
          </div>
        }
      />
    </Card>
  );
}
