import { questionTypes } from "@leadquiz/engine";
import { type Dictionary, resources } from "@leadquiz/i18n";
import { describe, expect, it } from "vitest";
import { typeKey } from "./question-types";

function textAt(dictionary: Dictionary, path: readonly string[]): unknown {
  let node: unknown = dictionary;
  for (const part of path) {
    node = typeof node === "object" && node !== null ? (node as Dictionary)[part] : undefined;
  }
  return node;
}

describe("the question types' texts", () => {
  it("names every type and says what it asks, in each interface language", () => {
    for (const [language, namespaces] of Object.entries(resources)) {
      for (const type of questionTypes) {
        for (const field of ["name", "hint"]) {
          const text = textAt(namespaces.questions, ["types", typeKey(type), field]);
          expect(typeof text === "string" && text !== "", `${language} ${type} ${field}`).toBe(
            true,
          );
        }
      }
    }
  });
});
