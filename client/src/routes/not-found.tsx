import { useEffect } from "react";
import { Navigate, useLocation } from "../lib/router.tsx";

/** The spec: an unknown route logs the error and redirects to /. */
export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return <Navigate to="/" replace />;
}
