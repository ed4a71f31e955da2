/** The spec: at start-up every browser service worker found is unregistered (both entries do it). */
export function unregisterServiceWorkers(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => {});
}
