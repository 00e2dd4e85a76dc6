import type { LeadListPage, LeadRetention } from "@leadquiz/contract";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema";
import { LEAD_RETENTION_CRON, LEAD_RETENTION_QUEUE } from "../../jobs/queue";
import { apiCall, expectCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { createLeadRetentionService } from "./lead-retention.service";

let h: LeadsHarness;

beforeAll(async () => {
  h = await createLeadsHarness();
});
afterAll(async () => {
  await h?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function submit(target: PublishedQuiz, name: string) {
  const response = await h.post(
    apiPaths.publicQuizLead(target.publicKey),
    houseLead({
      contacts: {
        name,
        email: `${name.toLowerCase()}@example.com`,
        phone: "+380501234567",
        other: "",
        other2: "",
        messengers: {},
      },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { lead: number }).lead;
}

/** Moves leads back in time, as if they had been sent `days` ago. */
async function age(ids: number[], days: number) {
  await h.t.database.db
    .update(leads)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(inArray(leads.id, ids));
}

const retentionOf = (user: TestUser) =>
  expectCall<LeadRetention>(h.t, 200, "GET", apiPaths.leadRetention, { user });
const setRetention = (user: TestUser, body: unknown) =>
  apiCall(h.t, "PUT", apiPaths.leadRetention, { user, body });
const listIds = async (user: TestUser) =>
  (await expectCall<LeadListPage>(h.t, 200, "GET", apiPaths.leadsList, { user })).results.map(
    (r) => r.id,
  );

describe("GET/PUT leads/retention/", () => {
  it("keeps leads by default; an owner sets and clears the retention of their own account", async () => {
    const quiz = await h.publishedQuiz();
    const other = await h.publishedQuiz();
    expect(await retentionOf(quiz.owner)).toEqual({ days: null });

    const set = await setRetention(quiz.owner, { days: 90 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ days: 90 });
    expect(await retentionOf(quiz.owner)).toEqual({ days: 90 });
    expect(await retentionOf(other.owner)).toEqual({ days: null });

    expect((await setRetention(quiz.owner, { days: null })).json()).toEqual({ days: null });
    expect(await retentionOf(quiz.owner)).toEqual({ days: null });
  });

  it("refuses a retention out of range with a translated 400 and changes nothing", async () => {
    const quiz = await h.publishedQuiz();
    await setRetention(quiz.owner, { days: 30 });
    for (const days of [0, -5, 3651, 1.5, "30"]) {
      const response = await apiCall(h.t, "PUT", apiPaths.leadRetention, {
        user: quiz.owner,
        body: { days },
        language: "uk",
      });
      expect(response.statusCode, `days ${String(days)}`).toBe(400);
    }
    expect(await retentionOf(quiz.owner)).toEqual({ days: 30 });
    const anonymous = await h.t.app.inject({
      method: "GET",
      url: `/api/v1${apiPaths.leadRetention}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the daily retention run", () => {
  it("erases, in batches, the leads older than their account's retention; a second run erases nothing", async () => {
    const quiz = await h.publishedQuiz();
    const keeper = await h.publishedQuiz();
    const old = [
      await submit(quiz, "Old1"),
      await submit(quiz, "Old2"),
      await submit(quiz, "Old3"),
    ];
    const fresh = await submit(quiz, "Fresh");
    const keptOld = await submit(keeper, "Kept");
    await age(old, 40);
    await age([fresh], 20);
    await age([keptOld], 400);
    await setRetention(quiz.owner, { days: 30 });

    const retention = createLeadRetentionService({ db: h.t.database.db });
    // Batches of 2: three expired leads take two statements.
    const run = await retention.run(new Date(), 2);
    expect(run.erased).toBe(3);
    expect(await listIds(quiz.owner)).toEqual([fresh]);
    expect(await listIds(keeper.owner)).toEqual([keptOld]);

    const rows = await h.leadsOf(quiz.id);
    // The rows stay (the quiz's lead and funnel counts do not change), their data is gone.
    expect(rows).toHaveLength(4);
    for (const row of rows.filter((r) => old.includes(r.id))) {
      expect(row).toMatchObject({ name: "", email: "", phone: "", answers: [], utm: {} });
      expect(row.erasedAt).not.toBeNull();
    }
    expect(rows.find((r) => r.id === fresh)).toMatchObject({ name: "Fresh" });

    const again = await retention.run(new Date(), 2);
    expect(again.erased).toBe(0);
    const erasedAt = (await h.leadsOf(quiz.id)).map((r) => r.erasedAt?.getTime() ?? null);
    expect(erasedAt).toEqual(rows.map((r) => r.erasedAt?.getTime() ?? null));
  });

  it("erases a lead once it passes the retention, on a later day's run", async () => {
    const quiz = await h.publishedQuiz();
    const lead = await submit(quiz, "Later");
    await age([lead], 6);
    await setRetention(quiz.owner, { days: 7 });
    const retention = createLeadRetentionService({ db: h.t.database.db });
    await retention.run();
    expect(await listIds(quiz.owner)).toEqual([lead]);
    await retention.run(new Date(Date.now() + 2 * DAY_MS));
    expect(await listIds(quiz.owner)).toEqual([]);
  });

  it("is scheduled daily on the job queue", async () => {
    const result = await h.t.database.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = ${LEAD_RETENTION_QUEUE}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { cron: LEAD_RETENTION_CRON, timezone: "UTC" },
    ]);
  });
});
