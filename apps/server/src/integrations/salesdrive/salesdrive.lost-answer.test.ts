import { afterAll, beforeAll, describe, expect } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeSalesdrive } from "../../test-support/fake-targets";
import { lostAnswerTests } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let h: TargetHarness;
let salesdrive: Awaited<ReturnType<typeof startFakeSalesdrive>>;

beforeAll(async () => {
  salesdrive = await startFakeSalesdrive();
  h = await startTargetHarness({ SALESDRIVE_API_URL: salesdrive.url });
  const connected = await h.call("POST", apiPaths.salesdrive, {
    quiz: h.quiz.id,
    form_token: salesdrive.token,
    subdomain: salesdrive.subdomain,
  });
  expect(connected.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await salesdrive.close();
});

describe("SalesDrive: a lost answer makes no second order", () => {
  lostAnswerTests({
    type: "salesdrive",
    harness: () => h,
    fake: () => salesdrive,
    // The orders of one of our leads: its id is their externalId.
    recordsOf: (leadId) => salesdrive.orders.filter((order) => order.externalId === String(leadId)),
    refusal: { lastStatusCode: 429, lastError: "HTTP 429: Too many requests" },
    checkLookup: () => {
      const lookup = salesdrive.requests.at(-1);
      expect(lookup).toMatchObject({
        method: "GET",
        headers: { "x-api-key": salesdrive.token },
      });
      expect(lookup?.path).toMatch(/^\/acme\/api\/order\/list\/\?/);
      expect(salesdrive.problems).toEqual([]);
    },
  });
});
