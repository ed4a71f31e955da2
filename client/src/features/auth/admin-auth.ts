// The admin's session as the client reads it: the auth router's adminStatus procedure.
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../trpc.ts";

export const adminStatusKey = trpc.auth.adminStatus.queryKey();

export function useAdminStatus() {
  return useQuery(trpc.auth.adminStatus.queryOptions(undefined, { retry: false }));
}
