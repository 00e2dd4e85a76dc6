import { createLoader, type LeadquizApi, run } from "./loader";

/**
 * The entry of `/embed.js`. The origin of the quizzes is the origin this script came
 * from. A second copy of the script only mounts what the first has not seen yet.
 */
type Host = { Leadquiz?: Partial<LeadquizApi> & { q?: unknown } };

const w = window as unknown as Host;
const existing = w.Leadquiz;
if (existing?.v && existing.scan) existing.scan();
else {
  const src =
    (document.currentScript as HTMLScriptElement | null)?.src ||
    document.querySelector<HTMLScriptElement>('script[src*="/embed.js"]')?.src ||
    location.href;
  const api = createLoader(new URL(src, location.href).origin);
  const queued = Array.isArray(existing?.q) ? (existing.q as unknown[]) : [];
  w.Leadquiz = api;
  const start = () => {
    api.scan();
    for (const call of queued) run(api, call);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
