import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkTemplateDirectory, TEMPLATE_DATA_DIR, templateProblems } from "./template-check";
import { templateFileSchema } from "./template-file";

const dataDir = fileURLToPath(TEMPLATE_DATA_DIR);

function renovation() {
  const source = readFileSync(`${dataDir}/renovation-cost.json`, "utf8");
  return templateFileSchema.parse(JSON.parse(source));
}

describe("the template files", () => {
  it("every file of data/ parses, its references resolve and the engine walks it", () => {
    const { templates, problems } = checkTemplateDirectory(dataDir);
    expect(problems).toEqual([]);
    expect(templates.map((t) => t.file.slug)).toEqual(
      expect.arrayContaining(["renovation-cost", "real-estate-buyer"]),
    );
  });

  it("finds a condition on an unknown answer", () => {
    const file = renovation();
    const design = file.questions.find((q) => q.key === "design");
    design?.conditions?.splice(0, 1, {
      question: "finish",
      kind: "answers",
      answers: ["finish.gold"],
    });
    expect(templateProblems(file)).toEqual([
      'question "design": condition: "finish.gold" is not an answer of "finish"',
    ]);
  });

  it("finds a formula naming an unknown question and a condition on a later one", () => {
    const file = renovation();
    const [first] = file.results;
    if (first) first.formula = "{area} * {rooms}";
    file.questions[0] = {
      ...file.questions[0],
      conditions: [{ question: "area", kind: "number", number_operator: "more", number_from: 1 }],
    } as (typeof file.questions)[number];
    const problems = templateProblems(file);
    expect(problems).toContain('question "object": a condition must refer to an earlier question');
    expect(problems).toContain('result "estimate": formula: unknown question "rooms"');
  });

  it("finds a result whose formula has no value when a conditional question was skipped", () => {
    const file = renovation();
    const [first] = file.results;
    if (first) first.formula = "{area} * {design}";
    expect(templateProblems(file)).toContain(
      'en: result "estimate": the formula has no value on some path (a skipped question?)',
    );
  });

  it("finds a result nobody can see", () => {
    const file = renovation();
    const [first] = file.results;
    if (first)
      first.conditions = [
        { question: "area", kind: "number", number_operator: "more", number_from: 5000 },
      ];
    expect(templateProblems(file)).toContain('en: result "estimate" is never shown');
  });
});
