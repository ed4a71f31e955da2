// The AI-personalised test's generator: asks an OpenAI-compatible chat completions endpoint
// (through the `openai` package) for new items and keeps only those that pass validation.
import { z } from "zod";
import { CONCEPT_LEVELS, QUIZ_LEVELS } from "../../../shared/quiz-catalog.ts";

export type AiConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

const SKILLS = ["grammar", "vocabulary", "reading", "functional language"] as const;
const clean = (s: string) => s.trim().replace(/\s+/g, " ");

/** One generated item: 4 distinct non-empty options, one correct index, an explanation, a CEFR level. */
export const aiItemSchema = z
  .object({
    question: z.string().transform(clean).pipe(z.string().min(8).max(400)),
    options: z.array(z.string().transform(clean).pipe(z.string().min(1).max(150))).length(4),
    correctAnswer: z.number().int().min(0).max(3),
    explanation: z.string().transform(clean).pipe(z.string().min(15).max(600)),
    level: z
      .string()
      .transform((l) => l.trim().toUpperCase())
      .pipe(z.enum(QUIZ_LEVELS)),
    skill: z.enum(SKILLS).catch("grammar"),
    concept: z
      .string()
      .nullish()
      .transform((c) => (c && Object.hasOwn(CONCEPT_LEVELS, c) ? c : null)),
    topic: z.string().max(80).nullish(),
  })
  .refine((q) => new Set(q.options.map((o) => o.toLowerCase())).size === 4, {
    message: "options must be distinct",
    path: ["options"],
  });
export type AiItem = z.infer<typeof aiItemSchema>;

/** Validates each item on its own: good ones are kept, bad ones dropped and counted. */
export function validateAiItems(raw: unknown): { items: AiItem[]; dropped: number } {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === "object" && Array.isArray((raw as { questions?: unknown }).questions)
      ? (raw as { questions: unknown[] }).questions
      : null;
  if (!list) return { items: [], dropped: 0 };
  const items: AiItem[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const candidate of list) {
    const parsed = aiItemSchema.safeParse(candidate);
    const key = parsed.success ? parsed.data.question.toLowerCase() : "";
    if (parsed.success && !seen.has(key)) {
      seen.add(key);
      items.push(parsed.data);
    } else dropped++;
  }
  return { items, dropped };
}

/** The model's message content as JSON: tolerates a ```json fence around it. */
export function parseModelContent(content: string): unknown {
  const fenced = content.match(/```(?:json)?\s*([\s\S]*?)```/);
  try {
    return JSON.parse((fenced ? fenced[1] : content).trim());
  } catch {
    return null;
  }
}

export function buildPrompt(focus: { levels: string[]; weakAreas: string[]; count: number }) {
  const areas = focus.weakAreas.length ? focus.weakAreas.join(", ") : "a balanced mix of grammar and vocabulary";
  return [
    {
      role: "system" as const,
      content:
        "You write multiple-choice English exercises for an English teacher. Every item must have exactly one correct answer in standard British English (accept American forms too where they differ), four distinct options and a short explanation of why the answer is right. Reply with JSON only.",
    },
    {
      role: "user" as const,
      content: `Write ${focus.count} new multiple-choice questions at CEFR levels ${focus.levels.join(", ")}, focusing on: ${areas}. Reply as {"questions":[{"question":"... ___ ...","options":["a","b","c","d"],"correctAnswer":0,"explanation":"...","level":"B1","skill":"grammar","concept":"present-simple or null","topic":"short topic"}]}. Allowed concepts: ${Object.keys(CONCEPT_LEVELS).join(", ")}. Allowed skills: ${SKILLS.join(", ")}.`,
    },
  ];
}

/**
 * Asks the endpoint for items. Resolves to the validated items, or throws on a network error,
 * a non-2xx answer or the timeout; the caller falls back to the bank.
 */
export async function generateAiItems(
  config: AiConfig,
  focus: { levels: string[]; weakAreas: string[]; count: number },
) {
  // Loaded when first needed: most starts never call the AI, and the import costs ~50 ms of start.
  const { default: OpenAI } = await import("openai");
  // One attempt within the timeout: a slow endpoint means composing from the bank, not retrying.
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  const completion = await client.chat.completions.create({
    model: config.model,
    messages: buildPrompt(focus),
    temperature: 0.7,
    response_format: { type: "json_object" },
  });
  const content = completion.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new Error("AI endpoint answered without message content");
  return validateAiItems(parseModelContent(content));
}
