import type { InterfaceLanguageCode } from "@leadquiz/i18n";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createApiClient } from "@/shared/api/api-client";
import { createSessionStore, type Session } from "@/shared/session/session-store";
import { testI18n } from "@/test/test-i18n";
import { type AppServices, createQueryClient } from "../app/app-services";
import { AppProviders } from "../app/providers";
import { appRoutes } from "../app/routes";

export const TEST_API = "http://api.test/api/v1";

/** Answers a request of the app under test; `path` is below /api/v1. */
export type FakeHandler = (
  request: Request,
  path: string,
) => Response | Promise<Response> | undefined;

export const jsonResponse = (status: number, data: unknown) =>
  new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });

/**
 * Renders the real routes at `url` with real services, talking to a fake API through an
 * injected fetch (404 for whatever the handler leaves unanswered).
 */
/** A JSON body parsed; a multipart body as its FormData (file uploads); undefined for none. */
async function parseBody(request: Request, text: string): Promise<unknown> {
  if (!text) return undefined;
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    return request.clone().formData();
  }
  return JSON.parse(text);
}

export async function renderApp(options: {
  url: string;
  handler: FakeHandler;
  language?: InterfaceLanguageCode;
  /** Signed in with this access token (as the start's silent refresh would find it). */
  session?: Session;
}) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const session = createSessionStore({
    restore: async () => {
      if (options.session) session.set({ access: options.session.access });
    },
  });
  await session.load();
  const i18n = testI18n(options.language ?? "en");
  const api = createApiClient({
    baseUrl: TEST_API,
    session,
    getLanguage: () => i18n.language,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname.replace("/api/v1", "");
      const text = await request.clone().text();
      requests.push({ method: request.method, path, body: await parseBody(request, text) });
      return (await options.handler(request, path)) ?? jsonResponse(404, { detail: "Not found" });
    },
  });
  const services: AppServices = { i18n, session, api, queryClient: createQueryClient() };
  const router = createMemoryRouter(appRoutes, { initialEntries: [options.url] });
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, services, requests };
}

/**
 * An unsigned JWT expiring `seconds` from now (the app never verifies signatures), with
 * `claims` added (e.g. `auth_time`).
 */
export function testJwt(seconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: "1", exp, ...claims })}.signature`;
}

/** A signed-in owner as `GET userinfo/` answers it (English interface, e-mail proven). */
export const testOwner = {
  id: 1,
  email: "owner@example.com",
  username: "owner@example.com",
  first_name: "",
  last_name: "",
  language_code: "en",
  date_joined: "2026-01-01T00:00:00Z",
  referral_code: "abc",
  email_verified: true,
};
