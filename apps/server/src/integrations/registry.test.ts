import { existsSync } from "node:fs";
import path from "node:path";
import {
  type IntegrationTargetKey,
  integrationTargetKeys,
  targetDescriptor,
  targetTextKeys,
} from "@leadquiz/contract";
import { type Dictionary, interfaceLanguages, resources } from "@leadquiz/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningFake, targetFakes } from "../test-support/target-fakes";
import { operationsOf } from "../test-support/target-operations";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { serverTargets } from "./registry";

/**
 * The integration registry (CONTRIBUTING.md "Adding an integration target"): every target
 * of packages/contract `integrationTargets` has its server side, its texts in every
 * interface language, its operations in the OpenAPI document, a fake, and — for CRMs and
 * mailing lists — its lost-answer test (docs/delivery.md "Exactly once at the target").
 * Each check is a function of what it looks at, so that it is also run on a registry with
 * something missing and must then report it.
 */

type Texts = Record<string, Dictionary>;
type DocumentPaths = Record<string, Record<string, { operationId?: string }>>;

const here = path.dirname(new URL(import.meta.url).pathname);

function textOf(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split(".")) {
    node = typeof node === "object" ? node[part] : undefined;
  }
  return typeof node === "string" && node.trim() ? node : undefined;
}

/** The texts a target lacks, as `language:key`. */
function missingTexts(keys: readonly IntegrationTargetKey[], texts: Texts): string[] {
  return keys.flatMap((key) =>
    Object.entries(texts).flatMap(([language, dictionary]) =>
      targetTextKeys(key)
        .filter((text) => !textOf(dictionary, text))
        .map((text) => `${language}:integrations:${text}`),
    ),
  );
}

/** The operations a target lacks in the document (or has without an operationId). */
function missingOperations(keys: readonly IntegrationTargetKey[], paths: DocumentPaths): string[] {
  return keys.flatMap((key) =>
    operationsOf(key)
      .filter((operation) => {
        const [method = "", route = ""] = operation.split(" ");
        return !paths[`/api/v1${route}`]?.[method]?.operationId;
      })
      .map((operation) => `${key}: ${operation}`),
  );
}

/** A fake beside the target: `<key>/<key>.fake.ts` exporting `startFake()`. */
const fakeFile = (key: string) => path.join(here, key, `${key}.fake.ts`);

/** The fake's starter: in test-support/target-fakes.ts, or the target's own `<key>.fake.ts`. */
async function fakeOf(key: string): Promise<(() => Promise<RunningFake>) | undefined> {
  const listed = targetFakes[key];
  if (listed) return listed;
  if (!existsSync(fakeFile(key))) return undefined;
  const module: { startFake?: () => Promise<RunningFake> } = await import(fakeFile(key));
  return module.startFake;
}

async function missingFakes(
  keys: readonly IntegrationTargetKey[],
  find: (key: string) => Promise<unknown>,
): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) if (typeof (await find(key)) !== "function") missing.push(key);
  return missing;
}

/** Where a CRM's or mailing list's lost-answer test must be (docs/delivery.md). */
const lostAnswerTest = (key: string) => path.join(here, key, `${key}.lost-answer.test.ts`);
const needsLostAnswerTest = (key: IntegrationTargetKey) =>
  targetDescriptor(key).group === "crm" || targetDescriptor(key).group === "mailing";
function missingLostAnswerTests(
  keys: readonly IntegrationTargetKey[],
  exists: (file: string) => boolean,
): string[] {
  return keys
    .filter(needsLostAnswerTest)
    .map(lostAnswerTest)
    .filter((file) => !exists(file))
    .map((file) => path.relative(path.join(here, "../../../.."), file));
}

const texts: Texts = Object.fromEntries(
  interfaceLanguages.map((language) => [language, resources[language].integrations]),
);

let t: TestApp;
let paths: DocumentPaths;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json().paths;
});
afterAll(async () => t?.close());

describe("the integration registry", () => {
  it("gives every target of the contract its server side, under its own key", () => {
    expect(Object.keys(serverTargets).sort()).toEqual([...integrationTargetKeys].sort());
    for (const key of integrationTargetKeys) expect(serverTargets[key].key).toBe(key);
  });

  it("finds every target's texts in en, ru and uk, and misses a text taken away", () => {
    expect(missingTexts(integrationTargetKeys, texts)).toEqual([]);
    const withoutOne = structuredClone(texts);
    const ukSummary = withoutOne.uk?.summary as Dictionary;
    delete ukSummary.keycrm;
    expect(missingTexts(integrationTargetKeys, withoutOne)).toEqual([
      "uk:integrations:summary.keycrm",
    ]);
  });

  it("finds every target's operations in the OpenAPI document, and misses one taken away", () => {
    expect(missingOperations(integrationTargetKeys, paths)).toEqual([]);
    const withoutOne = structuredClone(paths);
    delete withoutOne["/api/v1/get-response-integration/{id}/"]?.patch;
    expect(missingOperations(integrationTargetKeys, withoutOne)).toEqual([
      "getresponse: patch /get-response-integration/{id}/",
    ]);
  });

  it("has a fake of every target's service that starts and stops, and misses one taken away", async () => {
    expect(await missingFakes(integrationTargetKeys, fakeOf)).toEqual([]);
    for (const key of integrationTargetKeys) {
      const fake = await (await fakeOf(key))?.();
      await fake?.close();
    }
    const withoutZoho = async (key: string) => (key === "zoho" ? undefined : fakeOf(key));
    expect(await missingFakes(integrationTargetKeys, withoutZoho)).toEqual(["zoho"]);
  });

  it("knows a missing lost-answer test when it sees one", () => {
    expect(missingLostAnswerTests(["bitrix24", "email", "mailchimp"], () => false)).toEqual([
      "apps/server/src/integrations/bitrix24/bitrix24.lost-answer.test.ts",
      "apps/server/src/integrations/mailchimp/mailchimp.lost-answer.test.ts",
    ]);
    expect(missingLostAnswerTests(["bitrix24", "mailchimp"], () => true)).toEqual([]);
    // The check reads the real file system: this test file itself is found.
    expect(existsSync(path.join(here, "registry.test.ts"))).toBe(true);
  });

  it("has the lost-answer test of every CRM and mailing list", () => {
    expect(missingLostAnswerTests(integrationTargetKeys, existsSync)).toEqual([]);
  });
});
