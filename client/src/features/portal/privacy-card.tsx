// "Privacy & data" on the profile page: download everything stored about you (a JSON file) and
// delete the account. Deletion asks for the typed word DELETE, as the server does.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { signOutStudentOnServer, studentStatusKey } from "../auth/student-auth.ts";
import { useSessionExpiry } from "./portal-api.ts";

const CONFIRM_WORD = "DELETE";

export function PrivacyCard() {
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
      setError(`Type ${CONFIRM_WORD} in capital letters to confirm.`);
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
        title: "Account deleted",
        description: "Your account and personal data have been deleted. Thank you for learning with Giulia.",
        variant: "success",
      });
    } catch (e) {
      setBusy(false);
      if (onExpired(e)) return;
      toast({ title: "Error", description: (e as Error).message, variant: "destructive" });
    }
  };

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="privacy-data-title" role="region">
      <h2 id="privacy-data-title" className="text-lg font-semibold text-slate-900">
        Privacy &amp; data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You decide what happens to your data. Read the{" "}
        <a className="font-semibold text-blue-900 underline underline-offset-2" href="/privacy">
          privacy notice
        </a>{" "}
        for what we keep and why.
      </p>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <div className="flex flex-col rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">Download my data</h3>
          <p className="mt-1 flex-1 text-sm text-slate-600">
            A copy of everything stored about you (profile, lessons, orders, results, notes, files and more) as a JSON
            file.
          </p>
          {/* A plain link: the browser saves the server's attachment with the session cookie. */}
          <a href="/api/student/export" download className={`${buttonClasses({ variant: "outline" })} mt-4 self-start`}>
            Download my data
          </a>
        </div>
        <div className="flex flex-col rounded-xl border border-red-200 bg-red-50/40 p-4">
          <h3 className="font-semibold text-red-800">Delete my account</h3>
          <p className="mt-1 flex-1 text-sm text-slate-600">
            Erases your account and personal data for good. Upcoming lessons are cancelled.
          </p>
          <Button variant="danger" className="mt-4 self-start" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={open}
        title="Delete your account?"
        destructive
        busy={busy}
        confirmLabel={busy ? "Deleting..." : "Delete my account"}
        onCancel={close}
        onConfirm={() => void remove()}
        message={
          <div className="space-y-3">
            <p>This cannot be undone. When you delete your account:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>your upcoming lessons are cancelled and their times freed;</li>
              <li>your profile, photo, files, notes, quiz results and referrals are erased;</li>
              <li>
                emails to you are erased, and Giulia's copies of messages about you keep no name, contact or words of
                yours;
              </li>
              <li>past lessons and payments stay in Giulia's accounting records without your name, email or phone;</li>
              <li>
                you are signed out. Signing in again later starts a new, empty account (without the new-student referral
                discount if you had booked lessons before).
              </li>
            </ul>
            <p>
              Consider <strong>downloading your data</strong> first.
            </p>
            <TextField
              label={`Type ${CONFIRM_WORD} to confirm`}
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
