import type { lists } from "@mailchimp/mailchimp_marketing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { startFakeMailchimp } from "../../test-support/fake-targets";
import {
  ANY_KEY,
  exactly,
  queryProblems,
  type ShapeOf,
  shapeProblems,
} from "../../test-support/sdk-shape";
import { createOutgoingHttp } from "../http/outgoing-http";
import { createMailchimpAdapter, mailchimpMember } from "./mailchimp.adapter";

/**
 * Mailchimp's requests against the types of its official Marketing API client
 * (`@types/mailchimp__mailchimp_marketing`; docs/delivery.md, "Checked against the services'
 * definitions"): the member builder's output is typed as the client's SetListMemberBody, and
 * every body the adapter sends to the fake is held to shapes `npm run typecheck` proves
 * against the client's member bodies (add, and set by the address's hash).
 */

// Compile time: the member is the client's set-member (upsert) body.
const member = exactly<lists.SetListMemberBody>()(mailchimpMember(sampleDeliveryLead()));
const refused: lists.AddListMemberBody = {
  email_address: "olena@example.com",
  // @ts-expect-error Negative control: "active" is not one of Mailchimp's member statuses.
  status: "active",
};

const MERGE_FIELDS = { [ANY_KEY]: "string" } as const;
const ADD = {
  email_address: "string",
  status: "string",
  merge_fields: MERGE_FIELDS,
  tags: ["string"],
} as const satisfies ShapeOf<lists.AddListMemberBody>;
const SET = {
  email_address: "string",
  status_if_new: "string",
  status: "string",
  merge_fields: MERGE_FIELDS,
} as const satisfies ShapeOf<lists.SetListMemberBody>;
const TAGS = {
  tags: [{ name: "string", status: "string" }],
} as const satisfies ShapeOf<lists.MemberTagsBody>;
/** The client's `opts` of adding or setting a member, as query parameters. */
const MEMBER_QUERY = { skip_merge_validation: "boolean" } as const;
const refusedSet = {
  // @ts-expect-error Negative control: the set body's new status is `status_if_new`.
  status_new: "string",
} as const satisfies ShapeOf<lists.SetListMemberBody>;

function requestProblems(request: { method: string; path: string; json: unknown }): string[] {
  if (request.method === "GET") return [];
  const path = (request.path.split("?")[0] ?? "").replace(/^\/\w+\/3\.0/, "");
  const route = `${request.method} ${path.replace(/\/[0-9a-f]{32}(?=$|\/)/, "/{hash}")}`;
  const shape =
    route === "POST /lists/{list}/members"
      ? ADD
      : route === "PUT /lists/{list}/members/{hash}"
        ? SET
        : route === "POST /lists/{list}/members/{hash}/tags"
          ? TAGS
          : undefined;
  if (!shape) return [`${route}: no SDK type checks this call`];
  return [
    ...queryProblems(request.path, MEMBER_QUERY),
    ...shapeProblems(request.json, shape, route),
  ];
}

let mailchimp: Awaited<ReturnType<typeof startFakeMailchimp>>;
beforeAll(async () => {
  mailchimp = await startFakeMailchimp();
});
afterAll(() => mailchimp.close());

describe("Mailchimp, against its Marketing API client's types", () => {
  it("sends member bodies of the client's types, the member as the typed builder makes it", async () => {
    const adapter = createMailchimpAdapter(
      createOutgoingHttp({ allowPrivateNetworks: true }),
      mailchimp.url,
    );
    const outcome = await adapter.send({
      eventId: "event-1",
      lead: sampleDeliveryLead(),
      settings: { list_id: mailchimp.list },
      secrets: { api_key: mailchimp.key },
      language: "en",
      now: new Date(),
      test: false,
      mayHaveLanded: false,
    });
    expect(outcome.kind).toBe("delivered");
    const sent = mailchimp.requests.map((r) => ({
      ...r,
      path: r.path.replace(mailchimp.list, "{list}"),
    }));
    // The upsert, then the tag (the upsert body takes no tags).
    expect(sent.filter((r) => r.method !== "GET").map((r) => r.method)).toEqual(["PUT", "POST"]);
    expect(sent.flatMap(requestProblems)).toEqual([]);
    expect(sent.find((r) => r.method === "PUT")?.json).toMatchObject({
      email_address: member.email_address,
      merge_fields: member.merge_fields,
    });
    expect(mailchimp.problems).toEqual([]);
  });

  it("finds what the client's types do not allow (negative controls of the check)", () => {
    const add = { method: "POST", path: "/us21/3.0/lists/{list}/members" };
    expect(requestProblems({ ...add, json: { email_address: "a@b.c" } })).toEqual([]);
    expect(requestProblems({ ...add, json: { email: "a@b.c" } })).toEqual([
      "POST /lists/{list}/members.email: not in the SDK's type",
    ]);
    expect(requestProblems({ ...add, json: { email_address: "a@b.c", tags: "x" } })).toEqual([
      "POST /lists/{list}/members.tags: string where the SDK has an array",
    ]);
    expect(requestProblems({ ...add, path: `${add.path}?skip_validation=true`, json: {} })).toEqual(
      ["query skip_validation: not in the SDK's type"],
    );
    expect([refused, refusedSet]).toHaveLength(2);
  });
});
