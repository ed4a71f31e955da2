// What a client that knew the answers would send: each question's key as an index into the
// options its attempt served (options are shuffled per attempt, server/features/quiz/served.ts).
import type { Db } from "../../server/db.ts";
import { defined } from "./defined.ts";

export async function servedKeys(
  db: Db,
  quiz: { attemptId: string; questions: readonly { id: string }[] },
): Promise<Map<string, number>> {
  const [rows, attempt] = await Promise.all([
    db.quizQuestion.findMany({
      where: { id: { in: quiz.questions.map((q) => q.id) } },
      select: { id: true, correctAnswer: true },
    }),
    db.quizAttempt.findUniqueOrThrow({ where: { id: quiz.attemptId }, select: { optionOrders: true } }),
  ]);
  const orders = attempt.optionOrders as Record<string, number[]>;
  return new Map(rows.map((r) => [r.id, defined(orders[r.id]).indexOf(r.correctAnswer)]));
}
