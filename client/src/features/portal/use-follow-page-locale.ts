// The account's language follows the portal's language switch (issue 29): the switch is a plain
// link that loads the other address, so the choice is noted before it goes (sessionStorage, this
// tab) and saved once the page in the new language has found the student signed in. Only a
// switch changes the account: opening an `/it` link (an email's, a bookmark) does not.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isLocale, type Locale } from "../../../../shared/i18n/locales.ts";
import { useLocale } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";

const SWITCHED_KEY = "portal-locale-switch";

/** The sidebar switch's `onSwitch`: remembers, for the next page, that the student chose `locale`. */
export function noteLocaleSwitch(locale: Locale) {
  try {
    sessionStorage.setItem(SWITCHED_KEY, locale);
  } catch {
    // Storage refused (a private window's quota): the account keeps its language; the page still changes.
  }
}

export function useFollowPageLocale(signedIn: boolean) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.portal.saveLocale.mutationOptions({
      // The profile page may be reading the profile while this is saved: the saved language is
      // written into what it holds, and a read still under way is replaced by a fresh one.
      onSuccess: async (saved) => {
        const key = trpc.portal.profile.queryKey();
        // A read sent before the save answered with the old language: it must not land after this.
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, (old) => old && { ...old, profile: { ...old.profile, locale: saved.locale } });
        void queryClient.invalidateQueries({ queryKey: key });
      },
    }),
  );
  const { mutate } = save;
  useEffect(() => {
    if (!signedIn) return;
    const chosen = sessionStorage.getItem(SWITCHED_KEY);
    if (!isLocale(chosen)) return;
    sessionStorage.removeItem(SWITCHED_KEY);
    if (chosen === locale) mutate({ locale });
  }, [signedIn, locale, mutate]);
}
