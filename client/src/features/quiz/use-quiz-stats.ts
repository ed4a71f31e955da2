import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { trpc } from "../../trpc.ts";

const ZERO = { totalQuizzes: 0, completedQuizzes: 0, averageScore: 0, studyTime: 0 };

/** The hub's tiles: loaded once when it opens; a failure is only logged and the tiles stay at 0. */
export function useQuizStats() {
  const query = useQuery({ ...trpc.quiz.stats.queryOptions(), staleTime: 0, retry: false });
  useEffect(() => {
    if (query.error) console.error("Failed to load quiz stats", query.error);
  }, [query.error]);
  return { stats: query.data?.stats ?? ZERO, isLoading: query.isPending };
}
