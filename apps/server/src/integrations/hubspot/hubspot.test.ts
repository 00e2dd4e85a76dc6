import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectOAuth, oauthTargetTest } from "../../test-support/oauth-fixtures";

const world = oauthTargetTest("hubspot");
beforeAll(() => world.open());
afterAll(() => world.close());

describe("HubSpot", () => {
  it("creates a contact with HubSpot's own properties and keeps its id", async () => {
    const delivery = await world.submitAndDeliver();
    expect(delivery).toMatchObject({ status: "delivered", lastStatusCode: 201, remoteId: "1001" });
    const contact = world.fake.records.hubspot[0];
    expect(contact).toMatchObject({
      properties: { email: "olena@example.com", firstname: "Olena", phone: "+380501234567" },
    });
    const properties = contact?.properties as Record<string, string> | undefined;
    expect(properties?.message).toContain("Answers:");
    expect(world.fake.problems).toEqual([]);
  });

  it("updates the contact HubSpot already has for the e-mail (409) and keeps that id", async () => {
    const delivery = await world.submitAndDeliver();
    expect(delivery).toMatchObject({ status: "delivered", lastStatusCode: 200, remoteId: "1001" });
    expect(world.fake.records.hubspot.at(-1)).toMatchObject({ updated: 1001 });
  });

  it("refreshes an expired token once, also for two tries at once, keeping the rotated refresh token", async () => {
    const { fake } = world;
    const before = await world.stored();
    fake.expireAccessTokens("hubspot");
    const refreshes = () => fake.tokenCalls.filter((c) => c.grant === "refresh_token").length;
    const start = refreshes();
    const [one, two] = await Promise.all([world.testLead(), world.testLead()]);
    expect(one).toMatchObject({ ok: true });
    expect(two).toMatchObject({ ok: true });
    expect(refreshes() - start).toBe(1);
    const after = await world.stored();
    expect(after?.secrets.refresh_token).not.toBe(before?.secrets.refresh_token);
    // The rotated refresh token is the one kept: the next expiry refreshes again.
    fake.expireAccessTokens("hubspot");
    expect(await world.testLead()).toMatchObject({ ok: true, status_code: 200 });
    expect(refreshes() - start).toBe(2);
    expect(fake.problems).toEqual([]);
  });

  it("waits for the limit HubSpot names: an hour for the daily one, 10 s for the ten-secondly one", async () => {
    const { fake } = world;
    for (const [policy, wait] of [
      ["DAILY", 60 * 60 * 1000],
      ["TEN_SECONDLY_ROLLING", 10 * 1000],
    ] as const) {
      fake.limit("hubspot", policy);
      const tried = Date.now();
      const limited = await world.submitAndDeliver();
      fake.limit("hubspot", null);
      expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
      expect(limited?.lastError).toContain(`RATE_LIMIT ${policy}: You have reached your`);
      expect(limited?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(tried + wait);
    }
  });

  it("fails and asks for re-authorisation when the refresh token is refused", async () => {
    world.fake.expireAccessTokens("hubspot");
    world.fake.revokeRefreshTokens("hubspot");
    const delivery = await world.submitAndDeliver();
    expect(delivery?.status).toBe("failed");
    expect(delivery?.lastError).toContain("reauthorisation_required");
    expect(await world.record()).toMatchObject({
      is_enabled: false,
      disabled_reason: "reauthorise",
    });

    // Authorising again switches it back on.
    await connectOAuth(world.harness, "hubspot", world.quiz);
    expect(await world.record()).toMatchObject({ is_enabled: true, disabled_reason: null });
    expect((await world.submitAndDeliver())?.status).toBe("delivered");
  });
});
