import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthStates } from "../../db/schema";
import { apiCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import type { LeadsHarness } from "../../test-support/leads-fixtures";
import {
  allow,
  arrive,
  authLink,
  connectOAuth,
  createOAuthHarness,
  type FakeOAuthProvider,
  newBrowser,
  OAUTH_TEST_PUBLIC_URL,
  storedConnection,
} from "../../test-support/oauth-fixtures";

let setup: Awaited<ReturnType<typeof createOAuthHarness>>;
let harness: LeadsHarness;
let fake: FakeOAuthProvider;
let stranger: TestUser;

beforeAll(async () => {
  // Zoho has no app on this server: it is offered as "not set up".
  setup = await createOAuthHarness(["ZOHO_CLIENT_ID", "ZOHO_CLIENT_SECRET"]);
  ({ harness, fake } = setup);
  stranger = await registerUser(harness.t);
});
afterAll(() => setup.close());

const tab = (quiz: number, query: string) =>
  `${OAUTH_TEST_PUBLIC_URL}/quiz/${quiz}/integration?${query}`;

describe("OAuth targets: links and callbacks", () => {
  it("says which providers are set up and refuses a link for one that is not", async () => {
    const quiz = await harness.publishedQuiz();
    const targets = await apiCall(harness.t, "GET", apiPaths.oauthTargets, { user: quiz.owner });
    expect(targets.json()).toEqual({ hubspot: true, salesforce: true, zoho: false });
    const zoho = await apiCall(harness.t, "GET", apiPaths.zohoAuthUrl(quiz.id), {
      user: quiz.owner,
      language: "en",
    });
    expect(zoho.statusCode).toBe(404);
    expect(zoho.json().detail).toMatch(/not set up/i);
  });

  it("gives the owner a consent link with a state; another account gets 404", async () => {
    const quiz = await harness.publishedQuiz();
    const link = new URL(await authLink(harness, "hubspot", quiz));
    expect(link.origin).toBe(fake.authUrl);
    expect(link.searchParams.get("client_id")).toBe("hubspot-client");
    expect(link.searchParams.get("redirect_uri")).toBe(
      `${OAUTH_TEST_PUBLIC_URL}/api/v1/oauth/hubspot/callback/`,
    );
    expect(link.searchParams.get("state")).toMatch(new RegExp(`^${quiz.id}\\.[\\w-]{32}$`));
    const foreign = await apiCall(harness.t, "GET", apiPaths.hubspotAuthLink(quiz.id), {
      user: stranger,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("stores the tokens encrypted and sends the browser back to the tab", async () => {
    const quiz = await harness.publishedQuiz();
    expect(await connectOAuth(harness, "salesforce", quiz)).toBe(
      tab(quiz.id, "connected=salesforce"),
    );
    const stored = await storedConnection(harness, "salesforce", quiz);
    expect(stored?.secrets.access_token).toMatch(/^salesforce-at-/);
    expect(stored?.secrets.refresh_token).toMatch(/^salesforce-rt-/);
    expect(stored?.row.secrets).not.toContain("salesforce-at-");
    expect(fake.problems).toEqual([]);

    const record = await apiCall(
      harness.t,
      "GET",
      apiPaths.oauthIntegrationOfQuiz("salesforce", quiz.id),
      {
        user: quiz.owner,
      },
    );
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({
      quiz: quiz.id,
      provider: "salesforce",
      is_enabled: true,
      disabled_reason: null,
      account: `${fake.apiUrl}/salesforce`,
      last_delivery: null,
    });
    expect(record.body).not.toContain("salesforce-at-");
    const foreign = await apiCall(
      harness.t,
      "GET",
      apiPaths.oauthIntegrationOfQuiz("salesforce", quiz.id),
      {
        user: stranger,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a replayed, foreign, expired or denied state and stores nothing", async () => {
    const quiz = await harness.publishedQuiz();
    const callback = await allow(await authLink(harness, "hubspot", quiz));
    expect(await arrive(harness, callback)).toBe(tab(quiz.id, "connected=hubspot"));
    const calls = fake.tokenCalls.length;
    // The same callback again (a replay): refused before any token call.
    expect(await arrive(harness, callback)).toBe(tab(quiz.id, "oauth_error=hubspot"));
    expect(fake.tokenCalls.length).toBe(calls);

    // A HubSpot state brought to Salesforce's callback.
    const other = await harness.publishedQuiz();
    const hubspotCallback = await allow(await authLink(harness, "hubspot", other));
    const state = new URL(hubspotCallback, "http://x").searchParams.get("state") ?? "";
    expect(
      await arrive(
        harness,
        `/oauth/salesforce/callback/?code=x&state=${encodeURIComponent(state)}`,
      ),
    ).toBe(tab(other.id, "oauth_error=salesforce"));
    // …which also used it up.
    expect(await arrive(harness, hubspotCallback)).toBe(tab(other.id, "oauth_error=hubspot"));

    // A made-up state and no state at all.
    expect(await arrive(harness, `/oauth/hubspot/callback/?code=x&state=${other.id}.forged`)).toBe(
      tab(other.id, "oauth_error=hubspot"),
    );
    expect(await arrive(harness, "/oauth/hubspot/callback/?code=x")).toBe(
      `${OAUTH_TEST_PUBLIC_URL}/`,
    );

    // An expired one.
    const late = await allow(await authLink(harness, "hubspot", other));
    await harness.t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.quizId, other.id));
    expect(await arrive(harness, late)).toBe(tab(other.id, "oauth_error=hubspot"));

    // The owner pressed "Deny".
    const link = await authLink(harness, "hubspot", other);
    const denied = `/oauth/hubspot/callback/?error=access_denied&state=${encodeURIComponent(
      new URL(link).searchParams.get("state") ?? "",
    )}`;
    expect(await arrive(harness, denied)).toBe(tab(other.id, "oauth_error=hubspot"));
    expect(await storedConnection(harness, "hubspot", other)).toBeUndefined();
    expect(await storedConnection(harness, "salesforce", other)).toBeUndefined();
  });

  it("sets a short-lived HttpOnly cookie with the link and clears it on the way back", async () => {
    const quiz = await harness.publishedQuiz();
    const response = await apiCall(harness.t, "GET", apiPaths.hubspotAuthLink(quiz.id), {
      user: quiz.owner,
    });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^lq_oauth_[\w-]{16}=[\w-]{43}; Max-Age=600; /);
    expect(setCookie).toContain("Path=/api/v1/oauth/; HttpOnly; SameSite=Lax");
    // PUBLIC_URL is http here: no Secure, or the browser would not send it back.
    expect(setCookie).not.toContain("Secure");

    const browser = newBrowser();
    const callback = await allow(await authLink(harness, "hubspot", quiz, browser));
    expect(browser.size).toBe(1);
    expect(await arrive(harness, callback, browser)).toBe(tab(quiz.id, "connected=hubspot"));
    expect(browser.size).toBe(0);
  });

  it("refuses a consent link opened in another browser, says why and stores nothing", async () => {
    // Someone asks for a link to their own quiz and gets the owner to open it: the owner's
    // browser has no cookie of that link.
    const sendersQuiz = await harness.publishedQuiz();
    const sendersBrowser = newBrowser();
    const ownersBrowser = newBrowser();
    const sent = await allow(await authLink(harness, "hubspot", sendersQuiz, sendersBrowser));
    const calls = fake.tokenCalls.length;
    expect(await arrive(harness, sent, ownersBrowser)).toBe(
      tab(sendersQuiz.id, "oauth_error=hubspot&oauth_reason=browser"),
    );
    expect(fake.tokenCalls.length).toBe(calls);
    expect(await storedConnection(harness, "hubspot", sendersQuiz)).toBeUndefined();
    // The state is used up: the sender cannot finish it in their own browser either.
    expect(await arrive(harness, sent, sendersBrowser)).toBe(
      tab(sendersQuiz.id, "oauth_error=hubspot"),
    );

    // A browser holding the cookie of another connection (its own) is refused as well.
    const ownersQuiz = await harness.publishedQuiz();
    await authLink(harness, "salesforce", ownersQuiz, ownersBrowser);
    const second = await allow(await authLink(harness, "salesforce", sendersQuiz, sendersBrowser));
    expect(ownersBrowser.size).toBe(1);
    expect(await arrive(harness, second, ownersBrowser)).toBe(
      tab(sendersQuiz.id, "oauth_error=salesforce&oauth_reason=browser"),
    );

    // A cookie of the right name with a made-up value too.
    const third = await allow(await authLink(harness, "hubspot", sendersQuiz, sendersBrowser));
    const forged = new Map([...sendersBrowser].map(([name]) => [name, "x".repeat(43)]));
    expect(await arrive(harness, third, forged)).toBe(
      tab(sendersQuiz.id, "oauth_error=hubspot&oauth_reason=browser"),
    );
    expect(fake.tokenCalls.length).toBe(calls);
    expect(await storedConnection(harness, "hubspot", sendersQuiz)).toBeUndefined();
    expect(await storedConnection(harness, "salesforce", sendersQuiz)).toBeUndefined();
  });

  it("disconnects; another account cannot", async () => {
    const quiz = await harness.publishedQuiz();
    await connectOAuth(harness, "hubspot", quiz);
    const path = apiPaths.oauthIntegrationOfQuiz("hubspot", quiz.id);
    expect((await apiCall(harness.t, "DELETE", path, { user: stranger })).statusCode).toBe(404);
    expect((await apiCall(harness.t, "DELETE", path, { user: quiz.owner })).statusCode).toBe(204);
    expect((await apiCall(harness.t, "GET", path, { user: quiz.owner })).statusCode).toBe(404);
    expect(await storedConnection(harness, "hubspot", quiz)).toBeUndefined();
  });
});
