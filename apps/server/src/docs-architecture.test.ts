import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { serverTargets } from "./integrations/registry";

/**
 * docs/ARCHITECTURE.md lists every server module, workflow, integration target and ADR, each
 * on a line of its own ("- `name`: …") under its heading. A folder, target or decision added
 * without its line fails here, and so does a line whose folder is gone.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../../..");
const architecture = readFileSync(path.join(repo, "docs/ARCHITECTURE.md"), "utf8");

const folders = (dir: string) =>
  readdirSync(path.join(here, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The names listed as "- `name`: …" in the section that starts with `heading`. */
function listed(heading: string): string[] {
  const start = architecture.split("\n").findIndex((line) => line.startsWith(heading));
  expect(start, `docs/ARCHITECTURE.md has a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  for (const line of architecture.split("\n").slice(start + 1)) {
    if (line.startsWith("#")) break;
    const name = /^- `([^`]+)`: \S/.exec(line)?.[1];
    if (name) names.push(name);
  }
  return names.sort();
}

describe("docs/ARCHITECTURE.md", () => {
  it("lists every server module, each with a line", () => {
    expect(listed("### Server modules")).toEqual(folders("modules"));
  });

  it("lists every workflow, each with a line", () => {
    expect(listed("### Workflows")).toEqual(folders("workflows"));
  });

  it("lists every integration target of the registry, each with a line", () => {
    expect(listed("### Integration targets")).toEqual(Object.keys(serverTargets).sort());
  });

  it("lists every decision record, each with a line", () => {
    const records = readdirSync(path.join(repo, "docs/adr"))
      .filter((file) => /^\d{4}-.+\.md$/.test(file))
      .sort();
    expect(records.length).toBeGreaterThan(0);
    expect(listed("## Decisions")).toEqual(records);
  });
});
