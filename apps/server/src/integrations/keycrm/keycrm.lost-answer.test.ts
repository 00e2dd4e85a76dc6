import { afterAll, beforeAll, describe, expect } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { type FakeKeycrm, startFakeKeycrm } from "../../test-support/fake-keycrm";
import { lostAnswerTests } from "../../test-support/lost-answer";
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
  // A card of another lead created in the same minutes: the lookup must not take it for ours.
  await h.submitLead({ name: "Taras" });
});
afterAll(async () => {
  await h.close();
  await keycrm.close();
});

describe("KeyCRM: a lost answer makes no second card", () => {
  lostAnswerTests({
    type: "keycrm",
    harness: () => h,
    fake: () => keycrm,
    // The cards of one of our leads: its line ends the manager comment.
    recordsOf: (leadId) =>
      keycrm.cards.filter((card) => String(card.manager_comment).includes(`Lead #${leadId},`)),
    refusal: { lastStatusCode: 429, lastError: "HTTP 429: Too Many Attempts." },
    checkLookup: () => {
      const lookup = keycrm.requests.at(-1);
      expect(lookup?.method).toBe("GET");
      const query = new URL(lookup?.url ?? "", "http://keycrm.test").searchParams;
      expect(query.get("filter[created_between]")).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      );
      expect(keycrm.cards.filter((card) => card.title === "Renovation — Taras")).toHaveLength(1);
      expect(keycrm.problems).toEqual([]);
    },
  });
});
