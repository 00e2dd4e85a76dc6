import type { BoolString, MultiFieldArray } from "@bitrix24/b24jssdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBitrix24, startFakeBitrix24 } from "../../test-support/fake-bitrix24";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { type ShapeOf, shapeProblems } from "../../test-support/sdk-shape";
import { createOutgoingHttp } from "../http/outgoing-http";
import { createBitrix24Adapter } from "./bitrix24.adapter";

/**
 * Bitrix24's `crm.lead.add` against its official `@bitrix24/b24jssdk` (docs/delivery.md,
 * "Checked against the services' definitions"). The SDK does not type a lead's fields (it
 * calls any method with any parameters); what it does declare is the multi-field entry
 * (PHONE, EMAIL, IM: `{VALUE, VALUE_TYPE}`) and the Y/N flag, so those parts of the body the
 * fake received are held to a shape `npm run typecheck` proves against them. The fake checks
 * the field names and value types the REST documentation lists.
 */
interface SdkLeadParts {
  PHONE: MultiFieldArray;
  EMAIL: MultiFieldArray;
  IM: MultiFieldArray;
  OPENED: BoolString;
}
const MULTI = [{ VALUE: "string", VALUE_TYPE: "string" }] as const;
const PARTS = {
  PHONE: MULTI,
  EMAIL: MULTI,
  IM: MULTI,
  OPENED: "string",
} as const satisfies ShapeOf<SdkLeadParts>;
const refusedMulti = {
  // @ts-expect-error Negative control: a multi-field is a list of entries, not one value.
  PHONE: "string",
} as const satisfies ShapeOf<SdkLeadParts>;
// @ts-expect-error Negative control: Bitrix24's flags are "Y" or "N", not booleans.
const refusedFlag: SdkLeadParts["OPENED"] = true;

/** The SDK-typed parts of a `crm.lead.add` body's fields. */
function fieldsProblems(fields: Record<string, unknown>): string[] {
  const parts = Object.fromEntries(Object.entries(fields).filter(([key]) => key in PARTS));
  const flag = fields.OPENED;
  return [
    ...shapeProblems(parts, PARTS, "fields"),
    ...(flag === undefined || flag === "Y" || flag === "N" ? [] : [`fields.OPENED: ${flag}`]),
  ];
}

let bitrix: FakeBitrix24;
beforeAll(async () => {
  bitrix = await startFakeBitrix24();
});
afterAll(() => bitrix.close());

describe("Bitrix24, against its official SDK's types", () => {
  it("sends the multi-fields and flags of crm.lead.add as the SDK declares them", async () => {
    const outcome = await createBitrix24Adapter(
      createOutgoingHttp({ allowPrivateNetworks: true }),
    ).send({
      eventId: "event-1",
      lead: sampleDeliveryLead({ messengers: { telegram: "@olena" } }),
      settings: {},
      secrets: { webhook_url: bitrix.webhookUrl },
      language: "en",
      now: new Date(),
      test: false,
      mayHaveLanded: false,
    });
    expect(outcome.kind).toBe("delivered");
    const [lead] = bitrix.leads;
    expect(Object.keys(lead?.fields ?? {})).toEqual(
      expect.arrayContaining(["PHONE", "EMAIL", "IM", "OPENED"]),
    );
    expect(fieldsProblems(lead?.fields ?? {})).toEqual([]);
    expect(bitrix.problems).toEqual([]);
  });

  it("finds what the SDK's types do not allow (negative controls of the check)", () => {
    const phone = [{ VALUE: "+380501112233", VALUE_TYPE: "MOBILE" }];
    expect(fieldsProblems({ PHONE: phone, OPENED: "Y", TITLE: "x" })).toEqual([]);
    expect(fieldsProblems({ PHONE: "+380501112233" })).toEqual([
      "fields.PHONE: string where the SDK has an array",
    ]);
    expect(fieldsProblems({ EMAIL: [{ VALUE: "a@b.c", TYPE: "WORK" }] })).toEqual([
      "fields.EMAIL[0].TYPE: not in the SDK's type",
    ]);
    expect(fieldsProblems({ OPENED: "true" })).toEqual(["fields.OPENED: true"]);
    expect([refusedMulti, refusedFlag]).toHaveLength(2);
  });
});
