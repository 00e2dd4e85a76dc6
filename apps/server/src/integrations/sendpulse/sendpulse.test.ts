import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeSendpulse } from "../../test-support/fake-targets";
import {
  expectSkipped,
  startTargetHarness,
  type TargetHarness,
} from "../../test-support/target-harness";

let sendpulse: Awaited<ReturnType<typeof startFakeSendpulse>>;
let h: TargetHarness;

beforeAll(async () => {
  sendpulse = await startFakeSendpulse();
  h = await startTargetHarness({ SENDPULSE_API_URL: sendpulse.url });
});
afterAll(async () => {
  await h.close();
  await sendpulse.close();
});

const connect = (body: Record<string, unknown>) =>
  h.call("POST", apiPaths.sendpulse, {
    quiz: h.quiz.id,
    client_id: sendpulse.clientId,
    client_secret: sendpulse.clientSecret,
    address_book_id: sendpulse.book,
    ...body,
  });

describe("SendPulse", () => {
  it("checks the credentials and the address book on connecting", async () => {
    const wrong = await connect({ client_secret: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().client_secret[0]).toContain("invalid_client");
    const noBook = await connect({ address_book_id: 999 });
    expect(noBook.json().client_secret[0]).toContain("HTTP 404");
    const badBook = await connect({ address_book_id: 0 });
    expect(badBook.json()).toHaveProperty("address_book_id");
    expect((await h.call("GET", apiPaths.sendpulseOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("adds the visitor to the address book with a cached token, renewed once on 401", async () => {
    const created = await connect({});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      client_id: sendpulse.clientId,
      client_secret: "****7890",
      address_book_id: sendpulse.book,
    });
    expect(
      (await h.call("GET", apiPaths.sendpulseOfQuiz(h.quiz.id), undefined, h.stranger)).statusCode,
    ).toBe(404);

    const calls = sendpulse.tokenCalls();
    const first = await h.submitLead({ name: "Olena Koval" });
    const second = await h.submitLead({ name: "Olena Koval", email: "other@example.com" });
    await h.deliver();
    expect(sendpulse.tokenCalls()).toBe(calls + 1);
    expect(sendpulse.problems).toEqual([]);
    // The two leads are sent side by side: found by address, not by arrival.
    expect(sendpulse.accepted.find((a) => a.email === "olena@example.com")).toMatchObject({
      email: "olena@example.com",
      variables: { name: "Olena Koval", phone: "+380501234567", utm_source: "google" },
    });
    expect((await h.deliveryOf(first))?.status).toBe("delivered");
    expect((await h.deliveryOf(second))?.status).toBe("delivered");

    sendpulse.expireTokens();
    const third = await h.submitLead({ email: "third@example.com" });
    await h.deliver();
    expect(sendpulse.tokenCalls()).toBe(calls + 2);
    expect((await h.deliveryOf(third))?.status).toBe("delivered");
  });

  it("retries while rate limited, skips a lead without e-mail; a revoked secret is refused on PATCH", async () => {
    const { limited, after } = await h.throughRateLimit(sendpulse, {
      email: "fourth@example.com",
    });
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    expect(after?.status).toBe("delivered");
    expectSkipped(await h.withoutEmail(sendpulse));

    const patched = await h.call("PATCH", apiPaths.sendpulseOfQuiz(h.quiz.id), {
      client_secret: "revoked",
    });
    expect(patched.statusCode).toBe(400);
    expect((await h.call("DELETE", apiPaths.sendpulseOfQuiz(h.quiz.id))).statusCode).toBe(204);
    expect((await h.call("GET", apiPaths.sendpulseOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });
});
