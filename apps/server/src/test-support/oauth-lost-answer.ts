import type { OAuthProviderName } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOST_ANSWER_DELAY_MS, throughLostAnswer } from "./lost-answer";
import { oauthTargetTest } from "./oauth-fixtures";

/**
 * The lost-answer cases of an OAuth CRM (docs/delivery.md, "Exactly once at the target"):
 * the fake makes the first create and answers after the client's time-out; the worker's retry
 * must end with exactly one record at the fake and the delivery `delivered` with its id, for a
 * lead with an e-mail and one without; a lookup that fails creates nothing; and, as the
 * negative control, the same retry without the lookup makes a second record.
 */
export function describeOAuthLostAnswer(provider: OAuthProviderName, name: string) {
  const world = oauthTargetTest(provider);
  beforeAll(() => world.open());
  afterAll(() => world.close());

  const slow = (on: boolean) =>
    world.fake.answerCreatesAfter(provider, on ? LOST_ANSWER_DELAY_MS : 0);
  /** The records the CRM holds for a lead (its summary carries `Lead #<id>, …`). */
  const heldFor = (leadId: number) =>
    world.fake.held(provider).filter((r) => r.text.includes(`Lead #${leadId}, `));
  let visitors = 0;
  const contacts = (withEmail: boolean) => {
    visitors += 1;
    return { email: withEmail ? `visitor${visitors}@example.com` : "" };
  };

  describe(`${name}: a lead whose answer was lost`, () => {
    for (const withEmail of [true, false]) {
      it(`stays one record on the retry, delivered with its id (${withEmail ? "with" : "without"} an e-mail)`, async () => {
        let leadId = 0;
        const { first, after } = await throughLostAnswer(world.harness, provider, {
          submit: async () => {
            leadId = await world.submitLead(contacts(withEmail));
            return leadId;
          },
          slow,
        });
        expect(first).toMatchObject({ status: "retrying", attempts: 1 });
        const held = heldFor(leadId);
        expect(held).toHaveLength(1);
        expect(world.fake.problems).toEqual([]);
        expect(after).toMatchObject({ status: "delivered", attempts: 2, remoteId: held[0]?.id });
        expect(world.fake.problems).toEqual([]);
      });
    }

    it("makes nothing while the lookup itself fails, and is delivered once it answers", async () => {
      let leadId = 0;
      const { after, again } = await throughLostAnswer(world.harness, provider, {
        submit: async () => {
          leadId = await world.submitLead(contacts(false));
          return leadId;
        },
        slow,
        beforeRetry: () => world.fake.failLookups(provider, true),
      });
      expect(after).toMatchObject({ status: "retrying", lastStatusCode: 503 });
      expect(heldFor(leadId)).toHaveLength(1);
      world.fake.failLookups(provider, false);
      const delivered = await again();
      expect(delivered).toMatchObject({ status: "delivered", remoteId: heldFor(leadId)[0]?.id });
      expect(heldFor(leadId)).toHaveLength(1);
    });

    it("negative control: without the lookup the retry makes a second record", async () => {
      let leadId = 0;
      const { after } = await throughLostAnswer(world.harness, provider, {
        submit: async () => {
          leadId = await world.submitLead(contacts(false));
          return leadId;
        },
        slow,
        change: (adapter) => ({ ...adapter, retrySafety: "none" }),
      });
      expect(after?.status).toBe("delivered");
      expect(heldFor(leadId)).toHaveLength(2);
    });
  });
  return world;
}
