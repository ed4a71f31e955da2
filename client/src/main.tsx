import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ToastProvider } from "./components/ui/toaster.tsx";
import { PrerenderedProvider, readPrerendered } from "./lib/prerendered.tsx";
import { createBrowserRouter, RouterProvider } from "./lib/router.tsx";
import { unregisterServiceWorkers } from "./lib/service-workers.ts";
import { routes } from "./router.tsx";
import "./styles.css";

unregisterServiceWorkers();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const router = createBrowserRouter(routes);
// A public page arrives rendered by the server with its data (lib/prerendered.tsx): React takes
// over that HTML once the page's code is loaded, instead of drawing it again.
const prerendered = readPrerendered();
const app = (
  <StrictMode>
    <PrerenderedProvider value={prerendered ?? {}}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </PrerenderedProvider>
  </StrictMode>
);
if (prerendered && root.hasChildNodes()) {
  void router.ready.then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
