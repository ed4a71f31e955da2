import { useToast } from "../../components/ui/toaster.tsx";

/** The toasts' words: the spec's English unless a translated page gives its own. */
export type LogoutToastTexts = { title: string; description: string; error: string; failed: string };

const ENGLISH: LogoutToastTexts = {
  title: "Logged Out",
  description: "You have been successfully logged out.",
  error: "Error",
  failed: "Failed to logout properly.",
};

/** Wraps a logout with the spec's toasts: 'Logged Out' on success, 'Failed to logout properly.' on failure. */
export function useLogoutWithToast(logout: () => Promise<void>, afterLogout?: () => void, texts = ENGLISH) {
  const toast = useToast();
  return async () => {
    try {
      await logout();
      toast({ title: texts.title, description: texts.description, variant: "success" });
      afterLogout?.();
    } catch {
      toast({ title: texts.error, description: texts.failed, variant: "destructive" });
    }
  };
}
