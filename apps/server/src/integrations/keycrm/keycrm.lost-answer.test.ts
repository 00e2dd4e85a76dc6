import { apiPaths } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeKeycrm, startFakeKeycrm } from "../../test-support/fake-keycrm";
import { throughLostAnswer } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let h: TargetHarness;
let keycrm: FakeKeycrm;

beforeAll(async () => {
  keycrm = await startFakeKeycrm();
  h = await startTargetHarness({ KEYCRM_API_URL: keycrm.url });
  const connected = await h.call("POST", apiPaths.keycrm, {
    quiz: h.quiz.id,
    api_token: keycrm.token,
  });
  expect(connected.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await keycrm.close();
});

/** The cards KeyCRM holds for one of our leads (its line in the manager comment). */
const cardsOf = (leadId: number) =>
  keycrm.cards.filter((card) => String(card.manager_comment).includes(`Lead #${leadId},`));

describe("KeyCRM: a lost answer makes no second card", () => {
  it("finds the card the lost try made among those created since the lead, and keeps its id", async () => {
    // Cards of other leads in the same minutes, before and after ours.
    await h.submitLead({ name: "Taras" });
    const { leadId, lost, retried } = await throughLostAnswer(h, keycrm, "keycrm");
    expect(lost).toMatchObject({ status: "retrying", attempts: 1 });
    const [only, ...more] = cardsOf(leadId);
    expect(more).toEqual([]);
    expect(retried).toMatchObject({ status: "delivered", remoteId: String(only?.id) });
    const lookup = keycrm.requests.at(-1);
    expect(lookup?.method).toBe("GET");
    expect(
      new URL(lookup?.url ?? "", "http://x").searchParams.get("filter[created_between]"),
    ).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(keycrm.problems).toEqual([]);
  });

  it("without the lookup (negative control) the retry makes a second card", async () => {
    const { leadId, retried } = await throughLostAnswer(h, keycrm, "keycrm", {
      adapt: (adapter) => ({ ...adapter, retrySafety: "none" }),
    });
    expect(retried?.status).toBe("delivered");
    expect(cardsOf(leadId)).toHaveLength(2);
  });

  it("a lookup KeyCRM refuses creates nothing; the next one finds the card", async () => {
    const { leadId, retried, retry } = await throughLostAnswer(h, keycrm, "keycrm", {
      beforeRetry: () => keycrm.limit(true),
    });
    expect(retried).toMatchObject({
      status: "retrying",
      lastStatusCode: 429,
      lastError: "HTTP 429: Too Many Attempts.",
    });
    expect(cardsOf(leadId)).toHaveLength(1);

    keycrm.limit(false);
    const after = await retry();
    expect(cardsOf(leadId)).toHaveLength(1);
    expect(after).toMatchObject({ status: "delivered", remoteId: String(cardsOf(leadId)[0]?.id) });
  });
});
