import type {
  BatchInputSimplePublicObjectBatchInputUpsert,
  PublicObjectSearchRequest,
  SimplePublicObjectInput,
  SimplePublicObjectInputForCreate,
} from "@hubspot/api-client/lib/codegen/crm/contacts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { oauthTargetTest } from "../../test-support/oauth-fixtures";
import { ANY_KEY, type ShapeOf, shapeProblems } from "../../test-support/sdk-shape";
import { hubspotProperties } from "./hubspot.adapter";

/**
 * HubSpot's requests against its official `@hubspot/api-client` (docs/delivery.md, "Checked
 * against the services' definitions"): the contact body is typed as the SDK's create input,
 * and every call the provider makes to the fake is held to shapes `npm run typecheck` proves
 * against the SDK's contacts models. Which properties a portal has is the portal's, not the
 * SDK's: the fake checks those names.
 */

// Compile time: the contact body is the SDK's create input.
const created: SimplePublicObjectInputForCreate = {
  properties: hubspotProperties(sampleDeliveryLead()),
};
const refused: SimplePublicObjectInputForCreate = {
  // @ts-expect-error Negative control: HubSpot's property values are strings, never numbers.
  properties: { phone: 380501234567 },
};

const PROPERTIES = { [ANY_KEY]: "string" } as const;
const CREATE = {
  properties: PROPERTIES,
} as const satisfies ShapeOf<SimplePublicObjectInputForCreate>;
const UPDATE = { properties: PROPERTIES } as const satisfies ShapeOf<SimplePublicObjectInput>;
const SEARCH = {
  filterGroups: [
    {
      filters: [
        { propertyName: "string", operator: "string", value: "string", values: ["string"] },
      ],
    },
  ],
  properties: ["string"],
  sorts: ["string"],
  limit: "number",
  after: "string",
  query: "string",
} as const satisfies ShapeOf<PublicObjectSearchRequest>;
const UPSERT = {
  inputs: [
    { id: "string", idProperty: "string", objectWriteTraceId: "string", properties: PROPERTIES },
  ],
} as const satisfies ShapeOf<BatchInputSimplePublicObjectBatchInputUpsert>;
const refusedSearch = {
  // @ts-expect-error Negative control: the SDK's search has `filterGroups`, not `filters`.
  filters: [{ propertyName: "string" }],
} as const satisfies ShapeOf<PublicObjectSearchRequest>;

const CALLS: Record<string, object> = {
  "POST /crm/v3/objects/contacts": CREATE,
  "PATCH /crm/v3/objects/contacts/{id}": UPDATE,
  "POST /crm/v3/objects/contacts/search": SEARCH,
  "POST /crm/v3/objects/contacts/batch/upsert": UPSERT,
};

function requestProblems(request: { method: string; path: string; body: unknown }): string[] {
  const path = request.path.replace(/^\/hubspot/, "");
  const route = `${request.method} ${path.replace(/\/\d+$/, "/{id}")}`;
  if (request.method === "GET") return [];
  const shape = CALLS[route];
  if (!shape) return [`${route}: no SDK type checks this call`];
  return shapeProblems(request.body, shape, route);
}

const world = oauthTargetTest("hubspot");
beforeAll(() => world.open());
afterAll(() => world.close());

describe("HubSpot, against its official SDK", () => {
  it("sends bodies of the SDK's contacts models, on creating and on finding the contact", async () => {
    // Twice: the second lead meets the contact the first made (the update or lookup path).
    expect(await world.submitAndDeliver()).toMatchObject({ status: "delivered" });
    expect(await world.submitAndDeliver()).toMatchObject({ status: "delivered" });
    const calls = world.fake.crmRequests.filter((r) => r.path.startsWith("/hubspot/crm/"));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.flatMap(requestProblems)).toEqual([]);
    expect(world.fake.problems).toEqual([]);
  });

  it("finds what the SDK's models do not allow (negative controls of the check)", () => {
    const create = { method: "POST", path: "/hubspot/crm/v3/objects/contacts" };
    expect(requestProblems({ ...create, body: { properties: { email: "a@b.c" } } })).toEqual([]);
    expect(requestProblems({ ...create, body: { properties: { phone: 1 } } })).toEqual([
      "POST /crm/v3/objects/contacts.properties.phone: number where the SDK has string",
    ]);
    expect(requestProblems({ ...create, body: { email: "a@b.c" } })).toEqual([
      "POST /crm/v3/objects/contacts.email: not in the SDK's type",
    ]);
    expect(
      requestProblems({ method: "PUT", path: "/hubspot/crm/v3/objects/contacts/1", body: {} }),
    ).toEqual(["PUT /crm/v3/objects/contacts/{id}: no SDK type checks this call"]);
    expect([created, refused, refusedSearch]).toHaveLength(3);
  });
});
