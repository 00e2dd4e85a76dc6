import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthTargetTest } from "../../test-support/oauth-fixtures";

const world = oauthTargetTest("salesforce");
beforeAll(() => world.open());
afterAll(() => world.close());

describe("Salesforce", () => {
  it("connects with PKCE and creates a Lead on the instance_url", async () => {
    const { fake } = world;
    expect((await world.stored())?.row.settings).toEqual({
      instance_url: `${fake.apiUrl}/salesforce`,
    });
    const delivery = await world.submitAndDeliver();
    expect(delivery).toMatchObject({
      status: "delivered",
      lastStatusCode: 201,
      remoteId: "00Q000000000001",
    });
    expect(fake.records.salesforce[0]).toMatchObject({
      LastName: "Olena",
      Company: "Olena",
      Email: "olena@example.com",
      LeadSource: "Web",
    });
    expect(String(fake.records.salesforce[0]?.Description)).toContain("Answers:");
    expect(fake.problems).toEqual([]);
  });

  it("refreshes an expired session once and keeps the refresh token", async () => {
    const { fake } = world;
    const before = await world.stored();
    fake.expireAccessTokens("salesforce");
    expect((await world.submitAndDeliver())?.status).toBe("delivered");
    const after = await world.stored();
    expect(after?.secrets.access_token).not.toBe(before?.secrets.access_token);
    expect(after?.secrets.refresh_token).toBe(before?.secrets.refresh_token);
    fake.expireAccessTokens("salesforce");
    expect((await world.submitAndDeliver())?.status).toBe("delivered");
    expect(fake.tokenCalls.filter((c) => c.provider === "salesforce")).toEqual([
      { provider: "salesforce", grant: "authorization_code" },
      { provider: "salesforce", grant: "refresh_token" },
      { provider: "salesforce", grant: "refresh_token" },
    ]);
  });

  it("waits an hour at the org's API quota (403 REQUEST_LIMIT_EXCEEDED), naming Salesforce's error, then delivers", async () => {
    const { fake } = world;
    fake.limit("salesforce", "quota");
    const tried = Date.now();
    const limited = await world.submitAndDeliver();
    fake.limit("salesforce", null);
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 403 });
    expect(limited?.lastError).toContain("REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.");
    expect(limited?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(tried + 60 * 60 * 1000);
  });

  it("uses the instance_url a refresh names from then on, and keeps it", async () => {
    const { fake } = world;
    fake.moveSalesforceInstance();
    fake.expireAccessTokens("salesforce");
    expect((await world.submitAndDeliver())?.status).toBe("delivered");
    const moved = `${fake.apiUrl}/salesforce-moved`;
    expect((await world.stored())?.secrets.instance_url).toBe(moved);
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: expect.stringMatching(/^\/salesforce-moved\/services\/data\/v62\.0\/sobjects\/Lead\/$/),
    });
    expect((await world.submitAndDeliver())?.status).toBe("delivered");
    expect(fake.calls.at(-1)?.path).toMatch(/^\/salesforce-moved\//);
  });

  it("fails and asks for re-authorisation on invalid_grant", async () => {
    world.fake.expireAccessTokens("salesforce");
    world.fake.revokeRefreshTokens("salesforce");
    const delivery = await world.submitAndDeliver();
    expect(delivery).toMatchObject({ status: "failed", lastStatusCode: 400 });
    expect(delivery?.lastError).toContain("invalid_grant");
    expect(await world.record()).toMatchObject({
      is_enabled: false,
      disabled_reason: "reauthorise",
    });
  });
});
