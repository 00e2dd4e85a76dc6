import { createRequire } from "node:module";
import { Record as ZohoRecord } from "@zohocrm/typescript-sdk-8.0";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { oauthTargetTest } from "../../test-support/oauth-fixtures";
import { zohoLead } from "./zoho.adapter";

/**
 * Zoho's requests against its official `@zohocrm/typescript-sdk-8.0` (docs/delivery.md,
 * "Checked against the services' definitions"). The SDK types its records loosely (a Field's
 * value type is not kept at run time), so the check is at run time: each record's field names
 * must be API names of the SDK's Leads fields, and the envelope's keys and kinds those of the
 * SDK's record BodyWrapper (insert and upsert), as its own JSON converter writes them.
 */

/** The API names of Zoho's standard Leads fields, as the SDK declares them. */
const LEAD_FIELDS = new Set(
  Object.values(ZohoRecord.Field.Leads).map((field: { getAPIName(): string }) =>
    field.getAPIName(),
  ),
);

/** The SDK's wire names and kinds of a record request's envelope (its converter's table). */
const require = createRequire(import.meta.url);
const jsonDetails = require("@zohocrm/typescript-sdk-8.0/dist/config/json_details.json") as Record<
  string,
  Record<string, { name: string; type: string }>
>;
const ENVELOPE = new Map(
  Object.values(jsonDetails["core/com/zoho/crm/api/record/body_wrapper"] ?? {}).map((member) => [
    member.name,
    member.type,
  ]),
);
const kindOf = (value: unknown) =>
  Array.isArray(value) ? "List" : typeof value === "string" ? "String" : typeof value;

function bodyProblems(body: unknown, at: string): string[] {
  if (!body || typeof body !== "object") return [`${at}: not an object`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const kind = ENVELOPE.get(key);
    if (kind === undefined) problems.push(`${at}.${key}: not in the SDK's BodyWrapper`);
    else if (kind !== kindOf(value)) problems.push(`${at}.${key}: ${kindOf(value)}, SDK ${kind}`);
  }
  const data: unknown[] = Array.isArray((body as { data?: unknown }).data)
    ? (body as { data: unknown[] }).data
    : [];
  data.forEach((record, index) => {
    for (const key of Object.keys(record && typeof record === "object" ? record : {})) {
      if (!LEAD_FIELDS.has(key)) problems.push(`${at}.data[${index}].${key}: not a Leads field`);
    }
  });
  for (const name of (body as { duplicate_check_fields?: unknown[] }).duplicate_check_fields ??
    []) {
    if (typeof name !== "string" || !LEAD_FIELDS.has(name)) {
      problems.push(`${at}.duplicate_check_fields: ${String(name)} is not a Leads field`);
    }
  }
  return problems;
}

function requestProblems(request: { method: string; path: string; body: unknown }): string[] {
  if (request.method === "GET") return [];
  const path = request.path.replace(/^\/zoho/, "");
  if (/^\/crm\/v\d+\/Leads(\/upsert)?$/.test(path)) {
    return bodyProblems(request.body, `${request.method} ${path}`);
  }
  return [`${request.method} ${path}: no SDK type checks this call`];
}

const world = oauthTargetTest("zoho");
beforeAll(() => world.open());
afterAll(() => world.close());

describe("Zoho CRM, against its official SDK", () => {
  it("sends records of the SDK's Leads fields in the SDK's envelope", async () => {
    expect(await world.submitAndDeliver()).toMatchObject({ status: "delivered" });
    const calls = world.fake.crmRequests.filter((r) => r.path.startsWith("/zoho/crm/"));
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.flatMap(requestProblems)).toEqual([]);
    // Every field the builder can fill is one of the SDK's.
    const full = zohoLead(sampleDeliveryLead({ other: "Acme" }));
    expect(Object.keys(full).filter((key) => !LEAD_FIELDS.has(key))).toEqual([]);
    expect(world.fake.problems).toEqual([]);
  });

  it("finds what the SDK does not allow (negative controls of the check)", () => {
    const leads = { method: "POST", path: "/zoho/crm/v8/Leads" };
    const good = { data: [{ Last_Name: "K", Email: "a@b.c" }], trigger: ["workflow"] };
    expect(requestProblems({ ...leads, body: good })).toEqual([]);
    expect(requestProblems({ ...leads, body: { ...good, data: [{ LastName: "K" }] } })).toEqual([
      "POST /crm/v8/Leads.data[0].LastName: not a Leads field",
    ]);
    expect(requestProblems({ ...leads, body: { ...good, trigger: "workflow" } })).toEqual([
      "POST /crm/v8/Leads.trigger: String, SDK List",
    ]);
    expect(requestProblems({ ...leads, body: { ...good, triggers: [] } })).toEqual([
      "POST /crm/v8/Leads.triggers: not in the SDK's BodyWrapper",
    ]);
    expect(
      requestProblems({
        method: "POST",
        path: "/zoho/crm/v8/Leads/upsert",
        body: { ...good, duplicate_check_fields: ["E-mail"] },
      }),
    ).toEqual(["POST /crm/v8/Leads/upsert.duplicate_check_fields: E-mail is not a Leads field"]);
  });
});
