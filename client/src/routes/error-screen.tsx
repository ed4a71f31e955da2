import { useRouteError } from "../lib/router.tsx";

export function ErrorScreen() {
  const error = useRouteError();
  console.error("Route error", error);
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-4 text-slate-600">Please reload the page. If the problem persists, contact us.</p>
        <a
          href="/"
          className="mt-6 inline-block rounded-xl bg-blue-900 px-4 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          Return to Home
        </a>
      </div>
    </main>
  );
}
