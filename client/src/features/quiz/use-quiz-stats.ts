import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

export type QuizStats = { totalQuizzes: number; completedQuizzes: number; averageScore: number; studyTime: number };
const ZERO: QuizStats = { totalQuizzes: 0, completedQuizzes: 0, averageScore: 0, studyTime: 0 };

/** The hub's tiles: loaded once when it opens; a failure is only logged and the tiles stay at 0. */
export function useQuizStats() {
  const query = useQuery({
    queryKey: ["quiz-results", "stats"],
    queryFn: async () => {
      try {
        return (await api<{ stats: QuizStats }>("/quiz-results/stats")).stats;
      } catch (error) {
        console.error("Failed to load quiz stats", error);
        return ZERO;
      }
    },
    staleTime: 0,
    retry: false,
  });
  return { stats: query.data ?? ZERO, isLoading: query.isPending };
}
