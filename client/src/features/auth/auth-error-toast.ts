import { useEffect } from "react";
import { AUTH_ERROR_FALLBACK, AUTH_ERROR_MESSAGES, AUTH_ERROR_TITLE } from "../../../../shared/constants.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { useNavigate, useSearchParams } from "../../lib/router.tsx";

/**
 * An `error` query on a sign-in page shows the spec's toast, then the address loses it. `next`
 * stays, so trying again (a failed or cancelled sign-in during booking) still returns there.
 */
export function useAuthErrorToast(basePath: "/student" | "/admin") {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const error = params.get("error");
  const next = params.get("next");
  useEffect(() => {
    if (!error) return;
    toast({
      title: AUTH_ERROR_TITLE,
      description: AUTH_ERROR_MESSAGES[error] ?? AUTH_ERROR_FALLBACK,
      variant: "destructive",
    });
    navigate(next ? `${basePath}?next=${encodeURIComponent(next)}` : basePath, { replace: true });
  }, [error, next, basePath, navigate, toast]);
  return error;
}
