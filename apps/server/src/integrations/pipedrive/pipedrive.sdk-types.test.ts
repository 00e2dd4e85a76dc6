import type {
  AddLeadRequest,
  AddNoteRequest,
  LeadsApiGetLeadsRequest,
  LeadsApiSearchLeadsRequest,
  NotesApiGetNotesRequest,
} from "pipedrive/v1";
import type { AddPersonRequest, PersonsApiSearchPersonsRequest } from "pipedrive/v2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { startFakePipedrive } from "../../test-support/fake-targets";
import { exactly, queryProblems, type ShapeOf, shapeProblems } from "../../test-support/sdk-shape";
import { sendOnce } from "../exactly-once";
import { createOutgoingHttp } from "../http/outgoing-http";
import { createPipedriveAdapter, pipedrivePerson } from "./pipedrive.adapter";

/**
 * Pipedrive's requests against its official `pipedrive` package (docs/delivery.md, "Checked
 * against the services' definitions"): the person builder's output is typed as the SDK's
 * AddPersonRequest, and every request the adapter sends to the fake is held to shapes that
 * `npm run typecheck` proves against the SDK's request types.
 */

// Compile time: the builder's output is the SDK's request type.
const person = exactly<AddPersonRequest>()(pipedrivePerson(sampleDeliveryLead()));
// Negative control: a check accepting anything would leave this directive unused, which fails.
// @ts-expect-error A builder typed Record<string, unknown> would pass any SDK type unchecked.
const vague = exactly<AddPersonRequest>()({} as Record<string, unknown>);
const refusedPerson: AddPersonRequest = {
  name: "Olena",
  // @ts-expect-error Pipedrive's e-mails are objects ({value, primary, label}), not text.
  emails: ["olena@example.com"],
};

const PERSON = {
  name: "string",
  emails: [{ value: "string", primary: "boolean", label: "string" }],
  phones: [{ value: "string", primary: "boolean", label: "string" }],
} as const satisfies ShapeOf<AddPersonRequest>;
const LEAD = {
  title: "string",
  person_id: "number",
  origin_id: "string",
} as const satisfies ShapeOf<AddLeadRequest>;
const NOTE = {
  content: "string",
  lead_id: "string",
  pinned_to_lead_flag: "number",
} as const satisfies ShapeOf<AddNoteRequest>;
/** The query parameters the SDK's search requests name. */
const PERSON_SEARCH = {
  term: "string",
  fields: "string",
  exact_match: "boolean",
} as const satisfies ShapeOf<PersonsApiSearchPersonsRequest>;
const LEAD_SEARCH = {
  term: "string",
  fields: "string",
  exact_match: "boolean",
} as const satisfies ShapeOf<LeadsApiSearchLeadsRequest>;
/** The query parameters of the lead and note lists (a retry's lookup). */
const LEAD_LIST = {
  limit: "number",
  start: "number",
  person_id: "number",
  sort: "string",
  updated_since: "string",
} as const satisfies ShapeOf<LeadsApiGetLeadsRequest>;
const NOTE_LIST = {
  lead_id: "string",
  limit: "number",
  start: "number",
} as const satisfies ShapeOf<NotesApiGetNotesRequest>;
const refusedLead = {
  title: "string",
  // @ts-expect-error Negative control: the SDK's lead has `person_id`, not `personId`.
  personId: "number",
} as const satisfies ShapeOf<AddLeadRequest>;

/** The SDK's type of each call's body, by method and path. */
function shapeOf(method: string, path: string): object | undefined {
  const route = `${method} ${path.split("?")[0]?.replace(/\/\d+$|\/[0-9a-f-]{36}$/, "/{id}")}`;
  return (
    {
      "POST /api/v2/persons": PERSON,
      "PATCH /api/v2/persons/{id}": PERSON,
      "POST /v1/leads": LEAD,
      "PATCH /v1/leads/{id}": LEAD,
      "POST /v1/notes": NOTE,
    } as Record<string, object>
  )[route];
}

function requestProblems(request: { method: string; path: string; json: unknown }): string[] {
  const path = request.path.split("?")[0] ?? "";
  if (request.method === "GET") {
    if (path === "/api/v2/persons/search") return queryProblems(request.path, PERSON_SEARCH);
    if (path === "/api/v2/leads/search") return queryProblems(request.path, LEAD_SEARCH);
    if (path === "/v1/leads") return queryProblems(request.path, LEAD_LIST);
    if (path === "/v1/notes") return queryProblems(request.path, NOTE_LIST);
    return [];
  }
  const shape = shapeOf(request.method, request.path);
  if (!shape) return [`${request.method} ${path}: no SDK type checks this call`];
  return shapeProblems(request.json, shape, `${request.method} ${path}`);
}

let pipedrive: Awaited<ReturnType<typeof startFakePipedrive>>;
beforeAll(async () => {
  pipedrive = await startFakePipedrive();
});
afterAll(() => pipedrive.close());

describe("Pipedrive, against its official SDK", () => {
  it("sends bodies of the SDK's request types, the person exactly as the typed builder makes it", async () => {
    const adapter = createPipedriveAdapter(
      createOutgoingHttp({ allowPrivateNetworks: true }),
      pipedrive.url,
    );
    const lead = sampleDeliveryLead();
    for (const mayHaveLanded of [false, true]) {
      // The second as a retry: sendOnce asks the lookup first (GET /v1/leads, /v1/notes).
      const outcome = await sendOnce(adapter, {
        eventId: `event-${lead.id}`,
        lead,
        settings: {},
        secrets: { api_token: pipedrive.token },
        language: "en",
        now: new Date(),
        test: false,
        mayHaveLanded,
      });
      expect(outcome.kind).toBe("delivered");
    }
    const sent = pipedrive.requests.filter((r) => !r.path.startsWith("/v1/users/"));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.some((r) => r.path.startsWith("/v1/leads?"))).toBe(true);
    expect(sent.flatMap(requestProblems)).toEqual([]);
    const created = pipedrive.requests.find(
      (r) => r.method === "POST" && r.path === "/api/v2/persons",
    );
    expect(created?.json).toEqual(person);
    expect(pipedrive.problems).toEqual([]);
  });

  it("finds what the SDK's types do not allow (negative controls of the check)", () => {
    const lead = { method: "POST", path: "/v1/leads" };
    expect(requestProblems({ ...lead, json: { title: "x", person_id: 1 } })).toEqual([]);
    expect(requestProblems({ ...lead, json: { title: "x", personId: 1 } })).toEqual([
      "POST /v1/leads.personId: not in the SDK's type",
    ]);
    expect(requestProblems({ ...lead, json: { title: "x", person_id: "1" } })).toEqual([
      "POST /v1/leads.person_id: string where the SDK has number",
    ]);
    expect(
      requestProblems({ method: "POST", path: "/api/v2/persons", json: { emails: ["a@b.c"] } }),
    ).toEqual(["POST /api/v2/persons.emails[0]: string where the SDK has an object"]);
    expect(requestProblems({ method: "POST", path: "/v1/deals", json: {} })).toEqual([
      "POST /v1/deals: no SDK type checks this call",
    ]);
    expect(
      requestProblems({ method: "GET", path: "/api/v2/persons/search?term=a&exact=1", json: null }),
    ).toEqual(["query exact: not in the SDK's type"]);
    expect([vague, refusedPerson, refusedLead]).toHaveLength(3);
  });
});
