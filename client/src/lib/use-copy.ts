import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "../components/ui/toaster.tsx";

/** How long a copy button shows its check mark (the spec: 2 seconds). */
export const COPY_RESET_MS = 2000;

/** The failure toast's words: the spec's English unless a translated page gives its own. */
export type CopyTexts = { error: string; failed: string };
const ENGLISH: CopyTexts = { error: "Error", failed: "Failed to copy to clipboard" };

/**
 * Copies text to the clipboard with the spec's toasts: a success message (default 'Copied!' with
 * the item named) or 'Failed to copy to clipboard'. `copiedKey` is the item just copied, for 2 s.
 */
export function useCopy(texts: CopyTexts = ENGLISH) {
  const toast = useToast();
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string, opts: { key?: string; item?: string; successMessage?: string; description?: string } = {}) => {
      try {
        await navigator.clipboard.writeText(text);
        toast({
          title: opts.successMessage ?? "Copied!",
          description:
            opts.description ??
            (opts.successMessage ? undefined : opts.item ? `${opts.item} copied to clipboard.` : undefined),
          variant: "success",
        });
        setCopiedKey(opts.key ?? text);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopiedKey(null), COPY_RESET_MS);
        return true;
      } catch {
        toast({ title: texts.error, description: texts.failed, variant: "destructive" });
        return false;
      }
    },
    [toast, texts.error, texts.failed],
  );
  return { copy, copiedKey };
}
