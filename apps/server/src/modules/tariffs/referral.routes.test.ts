import { readFileSync } from "node:fs";
import path from "node:path";
import type { ReferralInfo } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralWithdrawals } from "../../db/schema";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { createMoneyHarness, type MoneyHarness } from "../../test-support/money-fixtures";
import { findUnbalancedPurses } from "./ledger.repository";
import { OPERATOR_KEY_FILE } from "./operator-key";

let h: MoneyHarness;
beforeAll(async () => {
  h = await createMoneyHarness({ REFERRAL_PERCENTAGE: "10" });
});
afterAll(async () => {
  await h?.close();
});

const referral = (user: TestUser) =>
  expectCall<ReferralInfo>(h.t, 200, "GET", apiPaths.referral, { user });

/** Registers an account through `code` (signed in by its link); answers it with its e-mail. */
function registerInvited(code: string) {
  return registerUser(h.t, { referralCode: code });
}

/** The operator credits `amount` to the account of `email` (a payment). */
async function pay(email: string, amount: string) {
  const key = readFileSync(path.join(h.t.dataDir, OPERATOR_KEY_FILE), "utf8").trim();
  const answer = await h.t.app.inject({
    method: "POST",
    url: `/api/v1${apiPaths.operatorCredit}`,
    headers: { "x-operator-key": key },
    payload: { email, amount, reason: "test payment" },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** An inviter with `cents` of referral funds earned from one invitee's payment. */
async function inviterWithFunds(payment: string) {
  const inviter = await h.register();
  const { code } = await referral(inviter);
  const invited = await registerInvited(code);
  await pay(invited.email, payment);
  return inviter;
}

describe("GET referral/", () => {
  it("gives a code, a registration link and no funds to a new account", async () => {
    const user = await h.register();
    const info = await referral(user);
    expect(info.code.length).toBeGreaterThan(3);
    expect(info.link).toBe(`http://localhost:3000/registration?ref=${info.code}`);
    expect(info).toMatchObject({
      percentage: 10,
      invited_count: 0,
      referral_balance: "0.00",
      requests: [],
    });
  });

  it("counts an account registered through the code and credits 10% of its payments", async () => {
    const inviter = await inviterWithFunds("250.00");
    const info = await referral(inviter);
    expect(info.invited_count).toBe(1);
    expect(info.referral_balance).toBe("25.00");
    expect((await h.info(inviter)).balance).toBe("0.00");
  });
});

describe("PUT transfer_referral_balance/", () => {
  it("moves funds to the balance and refuses more than there is", async () => {
    const inviter = await inviterWithFunds("100.00");
    const moved = await apiCall(h.t, "PUT", apiPaths.transferReferralBalance, {
      user: inviter,
      body: { amount: "4.00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ balance: "4.00", referral_balance: "6.00" });
    const tooMuch = await apiCall(h.t, "PUT", apiPaths.transferReferralBalance, {
      user: inviter,
      body: { amount: "6.01" },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ amount: ["Transfer amount exceeds balance"] });
    expect((await referral(inviter)).referral_balance).toBe("6.00");
  });
});

describe("POST referral_payment_request/", () => {
  const ask = (user: TestUser, data: Record<string, unknown>) =>
    apiCall(h.t, "POST", apiPaths.referralPaymentRequest, { user, body: { data } });

  it("holds the amount, keeps the card encrypted and shows it masked", async () => {
    const inviter = await inviterWithFunds("1500.00");
    const answer = await ask(inviter, {
      method: 2,
      amount: "120.00",
      card_number: "4242 4242 4242 4242",
      receiver_name: "Olena Koval",
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      status: "pending",
      amount: "120.00",
      destination: "•••• 4242",
    });
    const info = await referral(inviter);
    expect(info.referral_balance).toBe("30.00");
    expect(info.requests).toHaveLength(1);
    const [row] = await h.t.database.db
      .select()
      .from(referralWithdrawals)
      .where(eq(referralWithdrawals.userId, inviter.id));
    expect(row?.cardSealed).toBeTruthy();
    expect(row?.cardSealed).not.toContain("4242");
  });

  it("refuses less than 100.00, a card failing the Luhn check, and more than the funds", async () => {
    const inviter = await inviterWithFunds("1500.00");
    const small = await ask(inviter, {
      method: 1,
      amount: "99.99",
      paypal_email: "o@example.com",
      receiver_name: "O",
    });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ amount: ["The least you can withdraw is 100.00"] });
    const card = await ask(inviter, {
      method: 2,
      amount: "100",
      card_number: "4242 4242 4242 4241",
      receiver_name: "O",
    });
    expect(card.json()).toEqual({ card_number: ["This card number is not valid"] });
    const much = await ask(inviter, {
      method: 1,
      amount: "150.01",
      paypal_email: "o@example.com",
      receiver_name: "O",
    });
    expect(much.json()).toEqual({ amount: ["Transfer amount exceeds balance"] });
    expect((await referral(inviter)).referral_balance).toBe("150.00");
  });
});

describe("the operator's decision on a withdrawal", () => {
  const decide = (id: number, decision: string) => {
    const key = readFileSync(path.join(h.t.dataDir, OPERATOR_KEY_FILE), "utf8").trim();
    return h.t.app.inject({
      method: "POST",
      url: `/api/v1${apiPaths.operatorWithdrawal(id)}`,
      headers: { "x-operator-key": key },
      payload: { decision },
    });
  };
  const request = async (inviter: TestUser) => {
    const answer = await apiCall(h.t, "POST", apiPaths.referralPaymentRequest, {
      user: inviter,
      body: {
        data: { method: 1, amount: "100", paypal_email: "o@example.com", receiver_name: "O" },
      },
    });
    return answer.json().id as number;
  };

  it("releases the held amount on rejection, once", async () => {
    const inviter = await inviterWithFunds("1000.00");
    const id = await request(inviter);
    expect((await referral(inviter)).referral_balance).toBe("0.00");
    const rejected = await decide(id, "rejected");
    expect(rejected.json()).toMatchObject({ id, status: "rejected" });
    expect((await decide(id, "rejected")).statusCode).toBe(404);
    expect((await decide(id, "paid")).statusCode).toBe(404);
    expect((await referral(inviter)).referral_balance).toBe("100.00");
  });

  it("keeps the amount out of the funds when paid", async () => {
    const inviter = await inviterWithFunds("1000.00");
    const id = await request(inviter);
    expect((await decide(id, "paid")).json()).toMatchObject({ status: "paid" });
    const info = await referral(inviter);
    expect(info.referral_balance).toBe("0.00");
    expect(info.requests[0]).toMatchObject({ id, status: "paid", destination: "o@example.com" });
  });
});

describe("simultaneous withdrawal requests", () => {
  it("lets exactly one of 50 through when the funds cover one, the others answer 400", async () => {
    const inviter = await inviterWithFunds("1000.00");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        apiCall(h.t, "POST", apiPaths.referralPaymentRequest, {
          user: inviter,
          body: {
            data: { method: 1, amount: "100", paypal_email: "o@example.com", receiver_name: "O" },
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json()).toEqual({ amount: ["Transfer amount exceeds balance"] });
    }
    const info = await referral(inviter);
    expect(info.referral_balance).toBe("0.00");
    expect(info.requests).toHaveLength(1);
    expect(await findUnbalancedPurses(h.t.database.db)).toEqual([]);
  });
});
