// Lingui's message compiler, run where the parser may weigh what it likes: at build time for the
// browser's catalogues (vite.config.ts), at start for the server's (server/i18n.ts).
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

/**
 * A message as Lingui runs it: its tokens, plain text and placeholders (a plain text message too:
 * Lingui takes a string for a message still to compile).
 */
export type CompiledMessage = ReturnType<typeof compileMessageOrThrow>;

/** Compiles every message of a catalogue; a malformed ICU message fails, naming its key. */
export function compileCatalogue(messages: Record<string, string>): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`Message "${key}" is not a valid ICU message: ${(error as Error).message}`);
      }
    }),
  );
}
