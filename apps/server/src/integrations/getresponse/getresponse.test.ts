import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeGetresponse } from "../../test-support/fake-targets";
import {
  expectSkipped,
  startTargetHarness,
  type TargetHarness,
} from "../../test-support/target-harness";

let getresponse: Awaited<ReturnType<typeof startFakeGetresponse>>;
let h: TargetHarness;

beforeAll(async () => {
  getresponse = await startFakeGetresponse();
  h = await startTargetHarness({
    GETRESPONSE_API_URL: getresponse.url,
    GETRESPONSE_MAX_API_URL: getresponse.url.replace(/\/v3$/, "/max-{region}/v3"),
  });
});
afterAll(async () => {
  await h.close();
  await getresponse.close();
});

describe("GetResponse", () => {
  it("checks the key and the list on connecting and answers GetResponse's reason", async () => {
    const wrongKey = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      api_key: "nope",
      campaign_id: getresponse.campaign,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().api_key[0]).toContain("HTTP 401");
    const wrongList = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      api_key: getresponse.key,
      campaign_id: "nolist",
    });
    expect(wrongList.json().api_key[0]).toContain("HTTP 404");
    const badList = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      api_key: getresponse.key,
      campaign_id: "../x",
    });
    expect(badList.json()).toHaveProperty("campaign_id");
    expect((await h.call("GET", apiPaths.getresponseOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("adds the visitor to the list; one already there counts as delivered", async () => {
    const created = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      api_key: getresponse.key,
      campaign_id: getresponse.campaign,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ api_key: "****3456", campaign_id: "p86zQ" });
    expect(
      (await h.call("DELETE", apiPaths.getresponseOfQuiz(h.quiz.id), undefined, h.stranger))
        .statusCode,
    ).toBe(404);

    const first = await h.submitLead({ name: "Olena Koval" });
    const again = await h.submitLead({ name: "Olena Koval" });
    await h.deliver();
    expect(getresponse.problems).toEqual([]);
    expect(getresponse.accepted).toEqual([
      { email: "olena@example.com", name: "Olena Koval", campaign: { campaignId: "p86zQ" } },
    ]);
    // Sent side by side: whichever arrived second was already on the list (409).
    const both = [await h.deliveryOf(first), await h.deliveryOf(again)];
    expect(both.map((d) => d?.status)).toEqual(["delivered", "delivered"]);
    expect(both.map((d) => d?.lastStatusCode).sort()).toEqual([202, 409]);
  });

  it("waits out throttling as long as X-RateLimit-Reset says; skips a lead without e-mail", async () => {
    const { limited, after, tried } = await h.throughRateLimit(getresponse, {
      email: "second@example.com",
    });
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    expect(limited?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(tried + 120_000);
    expect(after?.status).toBe("delivered");

    expectSkipped(await h.withoutEmail(getresponse));

    const patched = await h.call("PATCH", apiPaths.getresponseOfQuiz(h.quiz.id), {
      campaign_id: "nolist",
    });
    expect(patched.statusCode).toBe(400);
    const record = await h.call("GET", apiPaths.getresponseOfQuiz(h.quiz.id));
    expect(record.json().campaign_id).toBe("p86zQ");
    expect((await h.call("DELETE", apiPaths.getresponseOfQuiz(h.quiz.id))).statusCode).toBe(204);
  });

  it("connects a GetResponse MAX account: its own API host and X-Domain, checked and sent", async () => {
    const max = { api_key: getresponse.max.key, campaign_id: getresponse.campaign };
    const badDomain = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      ...max,
      enterprise_domain: "https://www.example.com",
      enterprise_region: "de",
    });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().enterprise_domain[0]).toContain("example.com");
    expect(badDomain.json().enterprise_region[0]).toContain("com or pl");
    // The key of a MAX account is refused without its domain (it is not on the ordinary API).
    const noDomain = await h.call("POST", apiPaths.getresponse, { quiz: h.quiz.id, ...max });
    expect(noDomain.json().api_key[0]).toContain("HTTP 401");
    const wrongHost = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      ...max,
      enterprise_domain: getresponse.max.domain,
      enterprise_region: "com",
    });
    expect(wrongHost.json().api_key[0]).toContain("HTTP 401");

    const created = await h.call("POST", apiPaths.getresponse, {
      quiz: h.quiz.id,
      ...max,
      enterprise_domain: getresponse.max.domain,
      enterprise_region: getresponse.max.region,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      enterprise_domain: "example.com",
      enterprise_region: "pl",
    });
    const before = getresponse.requests.length;
    await h.submitLead({ email: "max@example.com" });
    await h.deliver();
    expect(getresponse.accepted.at(-1)).toMatchObject({ email: "max@example.com", account: "max" });
    const sent = getresponse.requests.slice(before);
    expect(sent.map((r) => [r.path, r.headers["x-domain"]])).toEqual([
      ["/max-pl/v3/contacts", "example.com"],
    ]);
    // Back to an ordinary account: clearing the domain is checked again (the MAX key fails).
    const cleared = await h.call("PATCH", apiPaths.getresponseOfQuiz(h.quiz.id), {
      enterprise_domain: null,
    });
    expect(cleared.statusCode).toBe(400);
    expect((await h.call("DELETE", apiPaths.getresponseOfQuiz(h.quiz.id))).statusCode).toBe(204);
  });
});
