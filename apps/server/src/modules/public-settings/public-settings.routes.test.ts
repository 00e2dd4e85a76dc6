import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  TEST_PUBLIC_URL,
  TEST_VISITOR_URL,
  type TestApp,
} from "../../test-support/test-app";

let configured: TestApp;
let bare: TestApp;
beforeAll(async () => {
  configured = await createTestApp({
    REFERRAL_PERCENTAGE: "15",
    TRIAL_DAYS: "7",
    COURSE_URL: "https://courses.example.com/leadquiz",
    SUPPORT_EMAIL: "help@example.com",
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await configured?.close();
  await bare?.close();
});

const get = (t: TestApp, query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/api/v1/key_value/?${query}`, headers });

describe("key_value/ (public settings)", () => {
  it("answers the asked settings from the operator's configuration, without signing in", async () => {
    const response = await get(
      configured,
      "keys=referral_percentage&keys=min_withdrawal&keys=trial_days&keys=course_url&keys=support_email",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      referral_percentage: 15,
      min_withdrawal: 100,
      trial_days: 7,
      course_url: "https://courses.example.com/leadquiz",
      support_email: "help@example.com",
    });
  });

  // docs/adr/0016-visitor-origin.md: the owner app builds its links to visitor pages on it.
  it("names the visitor origin, never the owner app's", async () => {
    const response = await get(bare, "keys=visitor_url");
    expect(response.json()).toEqual({ visitor_url: TEST_VISITOR_URL });
    expect(TEST_VISITOR_URL).not.toBe(TEST_PUBLIC_URL);
  });

  it("answers only what was asked, and a single key works too", async () => {
    expect((await get(configured, "keys=trial_days")).json()).toEqual({ trial_days: 7 });
  });

  it("leaves out unknown keys and settings the operator did not configure", async () => {
    const response = await get(
      bare,
      "keys=course_url&keys=support_email&keys=no_such_key&keys=referral_percentage",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ referral_percentage: 10 });
  });

  it("refuses a malformed key with a translated message and without keys at all", async () => {
    const bad = await get(bare, "keys=DROP%20TABLE", { "accept-language": "ru" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Имя настройки");
    expect((await bare.app.inject({ method: "GET", url: "/api/v1/key_value/" })).statusCode).toBe(
      400,
    );
  });
});

describe("configuration of the public settings", () => {
  it("refuses a course address that is not a web address at boot", async () => {
    await expect(createTestApp({ COURSE_URL: "javascript:alert(1)" })).rejects.toThrow(
      /COURSE_URL/,
    );
  });
});
