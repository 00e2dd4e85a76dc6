import { apiPaths } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBitrix24, startFakeBitrix24 } from "../../test-support/fake-bitrix24";
import { throughLostAnswer } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let h: TargetHarness;
let portal: FakeBitrix24;

beforeAll(async () => {
  portal = await startFakeBitrix24();
  h = await startTargetHarness({});
  const connected = await h.call("POST", apiPaths.bitrix24, {
    quiz: h.quiz.id,
    webhook_url: portal.webhookUrl,
  });
  expect(connected.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await portal.close();
});

/** The leads the portal holds for one of our leads (its ORIGIN_ID). */
const leadsOf = (leadId: number) =>
  portal.leads.filter((lead) => lead.fields.ORIGIN_ID === String(leadId));

describe("Bitrix24: a lost answer makes no second lead", () => {
  it("finds the lead the lost try made (ORIGINATOR_ID + ORIGIN_ID) and keeps its id", async () => {
    const { leadId, lost, retried } = await throughLostAnswer(h, portal, "bitrix24");
    expect(lost).toMatchObject({ status: "retrying", attempts: 1 });
    const [only, ...more] = leadsOf(leadId);
    expect(more).toEqual([]);
    expect(retried).toMatchObject({ status: "delivered", remoteId: String(only?.id) });
    expect(portal.calls.slice(-1)).toEqual(["crm.lead.list"]);
    expect(portal.problems).toEqual([]);
  });

  it("without the lookup (negative control) the retry makes a second lead", async () => {
    const { leadId, retried } = await throughLostAnswer(h, portal, "bitrix24", {
      adapt: (adapter) => ({ ...adapter, retrySafety: "none" }),
    });
    expect(retried?.status).toBe("delivered");
    expect(leadsOf(leadId)).toHaveLength(2);
  });

  it("a lookup the portal refuses creates nothing; the next one finds the lead", async () => {
    const { leadId, retried, retry } = await throughLostAnswer(h, portal, "bitrix24", {
      beforeRetry: () => portal.limit(true),
    });
    expect(retried).toMatchObject({
      status: "retrying",
      lastStatusCode: 503,
      lastError: "QUERY_LIMIT_EXCEEDED: Too many requests",
    });
    expect(leadsOf(leadId)).toHaveLength(1);

    portal.limit(false);
    const after = await retry();
    expect(leadsOf(leadId)).toHaveLength(1);
    expect(after).toMatchObject({ status: "delivered", remoteId: String(leadsOf(leadId)[0]?.id) });
  });
});
