import type { LeadResponse, LeadSubmission } from "@leadquiz/contract";
import { describe, expect, it, vi } from "vitest";
import { HttpError } from "./lead-sender";
import { backoffDelay, createSubmissionQueue } from "./submission-queue";
import { manualClock } from "./test/manual-clock";

const submission = (id = "5a4c2f0e-8d1b-4c3e-9f6a-1b2c3d4e5f60"): LeadSubmission => ({
  submission_id: id,
  session: null,
  version: 1,
  answers: [],
  contacts: { name: "Ann", email: "", phone: "", other: "", other2: "", messengers: {} },
  consent: true,
  utm: {},
  referrer: "",
  page_url: "",
  extra: {},
});
const ok: LeadResponse = { lead: 7, results: [], redirect_url: null };

describe("submission queue", () => {
  it("keeps the submission until the server acknowledges it", async () => {
    let resolve: (r: LeadResponse) => void = () => undefined;
    const send = vi.fn(() => new Promise<LeadResponse>((r) => (resolve = r)));
    const queue = createSubmissionQueue({ quizKey: "k", send, storage: localStorage });
    const outcome = queue.submit(submission());
    expect(JSON.parse(localStorage.getItem("leadquiz:pending:k") ?? "[]")).toHaveLength(1);
    resolve(ok);
    expect(await outcome).toEqual({ status: "sent", response: ok });
    expect(localStorage.getItem("leadquiz:pending:k")).toBeNull();
  });

  it("retries network errors, 408, 429 and 5xx with capped, jittered backoff", async () => {
    const clock = manualClock();
    const failures = [
      new TypeError("offline"),
      new HttpError(503),
      new HttpError(429),
      new HttpError(408),
    ];
    const send = vi.fn(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return ok;
    });
    const queue = createSubmissionQueue({
      quizKey: "k",
      send,
      storage: localStorage,
      schedule: clock.schedule,
      random: () => 1,
      baseDelayMs: 1000,
      maxDelayMs: 4000,
    });
    expect(await queue.submit(submission())).toEqual({ status: "queued" });
    for (let i = 0; i < 4; i++) await clock.runNext();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(5));
    await vi.waitFor(() => expect(queue.pending()).toEqual([]));
    expect(clock.delays()).toEqual([]);
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, () => 1, 1000, 4000))).toEqual([
      1000, 2000, 4000, 4000, 4000,
    ]);
    expect(backoffDelay(2, () => 0, 1000, 4000)).toBe(2000);
  });

  it("drops a submission the server refuses for good (a 4xx other than 408/429)", async () => {
    const send = vi.fn(async () => {
      throw new HttpError(400);
    });
    const queue = createSubmissionQueue({ quizKey: "k", send, storage: localStorage });
    expect(await queue.submit(submission())).toEqual({ status: "rejected", code: 400 });
    expect(queue.pending()).toEqual([]);
  });

  it("answers the form's first attempt refused for the rate (429) as refused and keeps nothing", async () => {
    const body = { detail: "Too many requests…", code: "rate_limited" };
    const send = vi.fn(async () => {
      throw new HttpError(429, body);
    });
    const clock = manualClock();
    const queue = createSubmissionQueue({
      quizKey: "k",
      send,
      storage: localStorage,
      schedule: clock.schedule,
    });
    expect(await queue.submit(submission())).toEqual({ status: "rejected", code: 429, body });
    expect(queue.pending()).toEqual([]);
    expect(clock.delays()).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("keeps a submission the closed quiz refused (410) and does not retry it on this page", async () => {
    const clock = manualClock();
    const closed = {
      detail: "This quiz has been removed.",
      code: "quiz_closed",
      reason: "deleted",
    };
    const send = vi.fn(async () => {
      throw new HttpError(410, closed);
    });
    const queue = createSubmissionQueue({
      quizKey: "gone",
      send,
      storage: localStorage,
      schedule: clock.schedule,
    });
    expect(await queue.submit(submission())).toEqual({ status: "closed", body: closed });
    expect(clock.delays()).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem("leadquiz:pending:gone") ?? "[]")).toEqual([
      submission(),
    ]);
    localStorage.removeItem("leadquiz:pending:gone");
  });

  it("sends a previous visit's submission on the next mount, once, with the same id", async () => {
    const offline = createSubmissionQueue({
      quizKey: "k",
      send: async () => {
        throw new TypeError("offline");
      },
      storage: localStorage,
      schedule: () => undefined, // the tab is closed before any retry
    });
    await offline.submit(submission("11111111-2222-4333-8444-555555555555"));

    const send = vi.fn(async (_s: LeadSubmission) => ok);
    const nextVisit = createSubmissionQueue({ quizKey: "k", send, storage: localStorage });
    nextVisit.flush();
    nextVisit.flush();
    await vi.waitFor(() => expect(nextVisit.pending()).toEqual([]));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].submission_id).toBe("11111111-2222-4333-8444-555555555555");
  });

  it("keeps pending submissions per quiz", async () => {
    const never = () => new Promise<LeadResponse>(() => undefined);
    await Promise.race([
      createSubmissionQueue({ quizKey: "a", send: never, storage: localStorage }).submit(
        submission(),
      ),
      Promise.resolve(),
    ]);
    expect(
      createSubmissionQueue({ quizKey: "b", send: never, storage: localStorage }).pending(),
    ).toEqual([]);
    expect(
      createSubmissionQueue({ quizKey: "a", send: never, storage: localStorage }).pending(),
    ).toHaveLength(1);
  });
});
