import type { OAuthProviderName } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { deliveries, integrations } from "../db/schema";
import { createSecretBox } from "../lib/secret-box";
import { apiCall } from "./api-client";
import { apiPaths } from "./api-paths";
import { testDeliveryWorker } from "./delivery-fixtures";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "./fake-oauth-provider";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "./leads-fixtures";

/** The PUBLIC_URL of the OAuth tests: the redirect URIs the fake provider expects. */
export const OAUTH_TEST_PUBLIC_URL = "http://leadquiz.test";

const LINKS: Record<OAuthProviderName, (quiz: number) => string> = {
  hubspot: apiPaths.hubspotAuthLink,
  salesforce: apiPaths.salesforceAuthUrl,
  zoho: apiPaths.zohoAuthUrl,
};

/** A leads harness whose OAuth CRMs are the fake provider (`omit`: variables left unset). */
export async function createOAuthHarness(omit: string[] = []) {
  const fake = await startFakeOAuthProvider({ publicUrl: OAUTH_TEST_PUBLIC_URL });
  const env = Object.fromEntries(Object.entries(fake.env).filter(([key]) => !omit.includes(key)));
  const harness = await createLeadsHarness({
    ...env,
    PUBLIC_URL: OAUTH_TEST_PUBLIC_URL,
    // A host of its own is required beside a PUBLIC_URL that is not loopback (docs/adr/0016).
    VISITOR_URL: "http://leadquiz-quiz.test",
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  });
  return {
    fake,
    harness,
    async close() {
      await harness.close();
      await fake.close();
    },
  };
}

/** A browser's cookies (name → value): what it sends to the callbacks and keeps from them. */
export type Browser = Map<string, string>;
export const newBrowser = (): Browser => new Map();
/** The browser of the owners of the tests, unless a test says otherwise. */
const ownersBrowser = newBrowser();

/** What a browser keeps of an answer's Set-Cookie headers (Max-Age=0 forgets). */
function keepCookies(browser: Browser, setCookie: string | string[] | undefined) {
  for (const line of [setCookie ?? []].flat()) {
    const [pair = ""] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    if (/Max-Age=0(;|$)/i.test(line)) browser.delete(name);
    else browser.set(name, pair.slice(index + 1).trim());
  }
}

const cookieHeader = (browser: Browser) =>
  [...browser].map(([name, value]) => `${name}=${value}`).join("; ");

/** The owner's consent link of a provider for a quiz, asked for in `browser`. */
export async function authLink(
  harness: LeadsHarness,
  provider: OAuthProviderName,
  quiz: PublishedQuiz,
  browser: Browser = ownersBrowser,
): Promise<string> {
  const response = await apiCall(harness.t, "GET", LINKS[provider](quiz.id), { user: quiz.owner });
  if (response.statusCode !== 200) throw new Error(`auth link: ${response.body}`);
  keepCookies(browser, response.headers["set-cookie"]);
  return (response.json() as { link: string }).link;
}

/**
 * What pressing "Allow" on the fake's consent page does: the callback URL (below /api/v1)
 * the browser would be sent to, read from the page's form.
 */
export async function allow(link: string): Promise<string> {
  const page = await (await fetch(link)).text();
  const action = /<form method="get" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no consent form: ${page.slice(0, 200)}`);
  const query = new URLSearchParams();
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    query.set(unescapeHtml(match[1] ?? ""), unescapeHtml(match[2] ?? ""));
  }
  const url = new URL(`${unescapeHtml(action)}?${query}`);
  return `${url.pathname.replace(/^\/api\/v1/, "")}${url.search}`;
}

const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

/** The browser arriving at the callback: answers the redirect's location. */
export async function arrive(
  harness: LeadsHarness,
  callback: string,
  browser: Browser = ownersBrowser,
): Promise<string> {
  const response = await apiCall(harness.t, "GET", callback, { cookie: cookieHeader(browser) });
  if (response.statusCode !== 302) throw new Error(`callback: ${response.statusCode}`);
  keepCookies(browser, response.headers["set-cookie"]);
  return String(response.headers.location);
}

/** Connects a provider through its consent page; answers where the browser landed. */
export async function connectOAuth(
  harness: LeadsHarness,
  provider: OAuthProviderName,
  quiz: PublishedQuiz,
): Promise<string> {
  return arrive(harness, await allow(await authLink(harness, provider, quiz)));
}

/** The quiz's stored connection of a provider, with its secrets opened. */
export async function storedConnection(
  harness: LeadsHarness,
  provider: OAuthProviderName,
  quiz: PublishedQuiz,
) {
  const rows = await harness.t.database.db
    .select()
    .from(integrations)
    .where(eq(integrations.quizId, quiz.id));
  const row = rows.find((r) => r.type === provider);
  if (!row) return undefined;
  const box = createSecretBox(harness.t.config.encryptionKey ?? "");
  return { row, secrets: JSON.parse(box.open(row.secrets)) as Record<string, string> };
}

export type { FakeOAuthProvider };

/**
 * An adapter test's world: the fake provider, a harness, one quiz connected to `provider`
 * (beforeAll/afterAll registered by the caller with `open` and `close`).
 */
export function oauthTargetTest(provider: OAuthProviderName) {
  let setup: Awaited<ReturnType<typeof createOAuthHarness>> | undefined;
  let quiz: PublishedQuiz | undefined;
  const must = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("oauthTargetTest: not open");
    return value;
  };
  const world = {
    get fake() {
      return must(setup).fake;
    },
    get harness() {
      return must(setup).harness;
    },
    get quiz() {
      return must(quiz);
    },
    async open() {
      setup = await createOAuthHarness();
      quiz = await setup.harness.publishedQuiz();
      await connectOAuth(setup.harness, provider, quiz);
    },
    close: () => must(setup).close(),
    /** A visitor's lead (`houseLead` with `contacts` changed), not yet delivered: its id. */
    async submitLead(contacts: Partial<ReturnType<typeof houseLead>["contacts"]> = {}) {
      const lead = houseLead();
      const response = await world.harness.post(
        apiPaths.publicQuizLead(world.quiz.publicKey),
        houseLead({ contacts: { ...lead.contacts, ...contacts } }),
      );
      return (response.json() as { lead: number }).lead;
    },
    /** A visitor's lead, sent by one round of the worker: its delivery row. */
    async submitAndDeliver(contacts: Partial<ReturnType<typeof houseLead>["contacts"]> = {}) {
      const { harness } = world;
      const leadId = await world.submitLead(contacts);
      await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
      const [row] = await harness.t.database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.leadId, leadId));
      return row;
    },
    /** The owner's record of the connection (`GET {provider}/{quiz}/`). */
    async record() {
      const response = await apiCall(
        world.harness.t,
        "GET",
        apiPaths.oauthIntegrationOfQuiz(provider, world.quiz.id),
        { user: world.quiz.owner },
      );
      return response.json() as Record<string, unknown> & { id: number };
    },
    /** "Send a test lead": what the API answers. */
    async testLead() {
      const { id } = await world.record();
      const response = await apiCall(world.harness.t, "POST", apiPaths.integrationTestLead(id), {
        user: world.quiz.owner,
      });
      return response.json() as Record<string, unknown>;
    },
    stored: () => storedConnection(world.harness, provider, world.quiz),
  };
  return world;
}
