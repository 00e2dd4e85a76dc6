import type { StandardSchema } from "@jsforce/jsforce-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { oauthTargetTest } from "../../test-support/oauth-fixtures";
import { exactly, type NamedKeys, type ShapeOf, shapeProblems } from "../../test-support/sdk-shape";
import { salesforceLead } from "./salesforce.adapter";

/**
 * Salesforce's requests against the Lead object of jsforce's standard schema
 * (`@jsforce/jsforce-node`, the Salesforce client library; docs/delivery.md, "Checked against
 * the services' definitions"): the builder's fields are typed as the schema's Lead, and every
 * body the provider sends to the fake is held to a shape `npm run typecheck` proves against
 * it. Custom fields (`…__c`) are each org's own and in no SDK: only their kind is checked.
 */
// The schema's Lead is its named fields and any other name (an org's custom fields): only the
// named ones are the standard Lead's.
type LeadFields = NamedKeys<StandardSchema["SObjects"]["Lead"]["Fields"]>;

// Compile time: the fields the builder makes are the standard Lead's, with its value kinds.
const fields = exactly<Partial<LeadFields>>()(salesforceLead(sampleDeliveryLead()));
// @ts-expect-error Negative control: a builder typed Record<string, string> would pass unchecked.
const vague = exactly<Partial<LeadFields>>()({} as Record<string, string>);
const built = { LastName: "Koval", Company: "Acme", EmailAddress: "olena@example.com" };
// @ts-expect-error Negative control: a built value's extra key, not the standard Lead's.
const extra = exactly<Partial<LeadFields>>()(built);
const refused: Partial<LeadFields> = {
  LastName: "Koval",
  // @ts-expect-error Negative control: the Lead's e-mail field is `Email`, not `EmailAddress`.
  EmailAddress: "olena@example.com",
};

const LEAD = {
  FirstName: "string",
  LastName: "string",
  Company: "string",
  Email: "string",
  Phone: "string",
  LeadSource: "string",
  Description: "string",
} as const satisfies ShapeOf<LeadFields>;

/** The body's standard fields against the schema's Lead; custom ones must be text. */
function leadProblems(body: unknown, at: string): string[] {
  const custom = Object.keys(body && typeof body === "object" ? body : {}).filter((key) =>
    key.endsWith("__c"),
  );
  const shape = { ...LEAD, ...Object.fromEntries(custom.map((key) => [key, "string"])) };
  return shapeProblems(body, shape, at);
}

function requestProblems(request: { method: string; path: string; body: unknown }): string[] {
  if (request.method === "GET") return [];
  const path = request.path.replace(/^\/salesforce\/services\/data\/v\d+\.\d/, "");
  // Create, and upsert by an external id field (`PATCH /sobjects/Lead/{field}/{value}`).
  if (/^\/sobjects\/Lead\/$/.test(path) || /^\/sobjects\/Lead\/\w+\/[^/]+$/.test(path)) {
    return leadProblems(request.body, `${request.method} ${path}`);
  }
  return [`${request.method} ${path}: no SDK type checks this call`];
}

const world = oauthTargetTest("salesforce");
beforeAll(() => world.open());
afterAll(() => world.close());

describe("Salesforce, against jsforce's standard schema", () => {
  it("sends Lead bodies whose fields are the standard Lead's", async () => {
    expect(await world.submitAndDeliver()).toMatchObject({ status: "delivered" });
    const calls = world.fake.crmRequests.filter((r) => r.path.startsWith("/salesforce/"));
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.flatMap(requestProblems)).toEqual([]);
    expect(world.fake.problems).toEqual([]);
  });

  it("finds what the schema does not allow (negative controls of the check)", () => {
    const create = { method: "POST", path: "/salesforce/services/data/v62.0/sobjects/Lead/" };
    expect(requestProblems({ ...create, body: { LastName: "K", Company: "C" } })).toEqual([]);
    expect(requestProblems({ ...create, body: { LastName: "K", Company: 1 } })).toEqual([
      "POST /sobjects/Lead/.Company: number where the SDK has string",
    ]);
    expect(requestProblems({ ...create, body: { Last_Name: "K" } })).toEqual([
      "POST /sobjects/Lead/.Last_Name: not in the SDK's type",
    ]);
    expect(requestProblems({ ...create, body: { Leadquiz_Id__c: 5 } })).toEqual([
      "POST /sobjects/Lead/.Leadquiz_Id__c: number where the SDK has string",
    ]);
    expect([fields, vague, extra, refused]).toHaveLength(4);
  });
});
