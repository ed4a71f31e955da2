import { useToast } from "../../components/ui/toaster.tsx";

/** Wraps a logout with the spec's toasts: 'Logged Out' on success, 'Failed to logout properly.' on failure. */
export function useLogoutWithToast(logout: () => Promise<void>, afterLogout?: () => void) {
  const toast = useToast();
  return async () => {
    try {
      await logout();
      toast({ title: "Logged Out", description: "You have been successfully logged out.", variant: "success" });
      afterLogout?.();
    } catch {
      toast({ title: "Error", description: "Failed to logout properly.", variant: "destructive" });
    }
  };
}
