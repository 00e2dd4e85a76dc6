import { afterAll, beforeAll, describe, expect } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { type FakeBitrix24, startFakeBitrix24 } from "../../test-support/fake-bitrix24";
import { lostAnswerTests } from "../../test-support/lost-answer";
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

describe("Bitrix24: a lost answer makes no second lead", () => {
  lostAnswerTests({
    type: "bitrix24",
    harness: () => h,
    fake: () => portal,
    // The portal's leads of one of ours: its id is their ORIGIN_ID.
    recordsOf: (leadId) => portal.leads.filter((lead) => lead.fields.ORIGIN_ID === String(leadId)),
    refusal: { lastStatusCode: 503, lastError: "QUERY_LIMIT_EXCEEDED: Too many requests" },
    checkLookup: () => {
      expect(portal.calls.at(-1)).toBe("crm.lead.list");
      expect(portal.problems).toEqual([]);
    },
  });
});
