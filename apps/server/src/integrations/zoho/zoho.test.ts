import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthTargetTest } from "../../test-support/oauth-fixtures";

const world = oauthTargetTest("zoho");
beforeAll(() => world.open());
afterAll(() => world.close());

describe("Zoho CRM", () => {
  it("takes the token from the callback's data centre and sends leads to its api_domain", async () => {
    const { fake } = world;
    expect((await world.stored())?.row.settings).toEqual({
      api_domain: `${fake.apiUrl}/zoho`,
      accounts_server: `${fake.authUrl}/zoho-eu`,
      location: "eu",
    });
    const delivery = await world.submitAndDeliver();
    expect(delivery).toMatchObject({
      status: "delivered",
      lastStatusCode: 201,
      remoteId: "4150868000001",
    });
    expect(fake.records.zoho[0]).toMatchObject({
      data: [{ Last_Name: "Olena", Company: "Olena", Email: "olena@example.com" }],
      trigger: ["workflow"],
    });
    expect(fake.problems).toEqual([]);
  });

  it("refreshes an expired token at the same data centre, keeping the refresh token", async () => {
    const before = await world.stored();
    world.fake.expireAccessTokens("zoho");
    expect((await world.submitAndDeliver())?.status).toBe("delivered");
    const after = await world.stored();
    expect(after?.secrets.refresh_token).toBe(before?.secrets.refresh_token);
    expect(after?.secrets.access_token).not.toBe(before?.secrets.access_token);
    expect(world.fake.problems).toEqual([]);
  });

  it("answers a test lead with what Zoho said", async () => {
    expect(await world.record()).toMatchObject({ account: `${world.fake.apiUrl}/zoho` });
    const test = await world.testLead();
    expect(test).toMatchObject({ ok: true, status_code: 201 });
    expect(test.response).toContain("record added");
  });

  it("updates the lead of a returning visitor (upsert on Email) instead of failing on a duplicate", async () => {
    const { fake } = world;
    const before = fake.held("zoho").filter((r) => r.email === "olena@example.com");
    expect(before).toHaveLength(1);
    const delivery = await world.submitAndDeliver();
    expect(delivery).toMatchObject({ status: "delivered", remoteId: before[0]?.id });
    expect(fake.held("zoho").filter((r) => r.email === "olena@example.com")).toHaveLength(1);
    expect(fake.records.zoho.at(-1)).toMatchObject({ duplicate_check_fields: ["Email"] });
  });

  it("counts Zoho's DUPLICATE_DATA (a unique field of the owner's) as delivered, with that record's id", async () => {
    const { fake } = world;
    fake.zohoUniquePhone(true);
    // Another e-mail, the same phone: Zoho refuses the record as a duplicate of the first.
    const one = await world.submitAndDeliver({ email: "first@example.com" });
    const two = await world.submitAndDeliver({ email: "second@example.com" });
    expect(one?.status).toBe("delivered");
    expect(two).toMatchObject({ status: "delivered", remoteId: one?.remoteId });
    const test = await world.testLead();
    fake.zohoUniquePhone(false);
    expect(test).toMatchObject({ ok: true });
    expect(test.response).toContain("already in Zoho: DUPLICATE_DATA on Phone");
  });

  it("waits at Zoho's 429 TOO_MANY_REQUESTS, naming it", async () => {
    const { fake } = world;
    fake.limit("zoho", "quota");
    const tried = Date.now();
    const limited = await world.submitAndDeliver();
    fake.limit("zoho", null);
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    expect(limited?.lastError).toContain("TOO_MANY_REQUESTS: The API call limit has been exceeded");
    expect(limited?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(tried + 5 * 60 * 1000);
  });

  it("fails and asks for re-authorisation when Zoho refuses the refresh token", async () => {
    world.fake.expireAccessTokens("zoho");
    world.fake.revokeRefreshTokens("zoho");
    const delivery = await world.submitAndDeliver();
    expect(delivery?.status).toBe("failed");
    expect(delivery?.lastError).toContain("invalid_code");
    expect((await world.stored())?.row).toMatchObject({
      isEnabled: false,
      disabledReason: "reauthorise",
    });
  });
});
