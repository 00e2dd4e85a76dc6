import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../test-support/api-paths";
import { createLeadsHarness, houseLead, type LeadsHarness } from "../test-support/leads-fixtures";

/**
 * Every integer the API reads or answers has its column's bounds in the contract (docs/
 * security.md): the OpenAPI document, generated from the zod schemas, must give each
 * `integer` a minimum and a maximum, so no input reaches the database out of range.
 */

type Schema = Record<string, unknown>;

/** Every integer schema of a JSON value, with the JSON pointer where it sits. */
function integersOf(value: unknown, at: string, found: [string, Schema][] = []) {
  const stack: [unknown, string][] = [[value, at]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, pointer] = item;
    if (node === null || typeof node !== "object") continue;
    const schema = node as Schema;
    const type = schema.type;
    if (type === "integer" || (Array.isArray(type) && type.includes("integer"))) {
      found.push([pointer, schema]);
    }
    for (const [key, child] of Object.entries(schema)) stack.push([child, `${pointer}/${key}`]);
  }
  return found;
}

let h: LeadsHarness;
beforeAll(async () => {
  h = await createLeadsHarness({ RATE_LIMIT_ENABLED: "false" });
});
afterAll(async () => h.close());

describe("integer bounds", () => {
  it("the OpenAPI document bounds every integer (bodies, parameters, answers)", async () => {
    const document = (await h.t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const integers = integersOf(document, "#");
    expect(integers.length).toBeGreaterThan(50);
    const unbounded = integers
      .filter(
        ([, schema]) =>
          typeof schema.minimum !== "number" ||
          typeof schema.maximum !== "number" ||
          schema.maximum > 2_147_483_647 ||
          schema.minimum < -2_147_483_648,
      )
      .map(([pointer]) => pointer);
    expect(unbounded, "give these integers their column's bounds in packages/contract").toEqual([]);
  });

  it("a lead with a version beyond the integer column answers 400, not 500", async () => {
    const quiz = await h.publishedQuiz();
    for (const version of [2_147_483_648, 1e20, -1]) {
      const response = await h.post(
        apiPaths.publicQuizLead(quiz.publicKey),
        houseLead({ version }),
      );
      expect(response.statusCode, `${version}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json())).toEqual(["version"]);
    }
    expect(await h.leadsOf(quiz.id)).toHaveLength(0);
  });
});
