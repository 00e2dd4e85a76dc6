import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core in a real page, with the WCAG 2.0/2.1/2.2 A and AA rules: the accessibility
 * checks of the browser tests (visitor pages and the owner app).
 */

const require = createRequire(import.meta.url);
/**
 * The page's Content-Security-Policy (`script-src 'self'`) refuses an added script tag;
 * axe is evaluated through the DevTools protocol instead, with the policy left on.
 */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string | undefined; html: string }[];
}

/** axe's violations on the page, and how many rules it checked that passed. */
async function axeViolations(page: Page): Promise<{ violations: AxeViolation[]; passed: number }> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: unknown,
          ): Promise<{ violations: AxeViolation[]; passes: unknown[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    const violations = result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        failureSummary: n.failureSummary,
        html: n.html,
      })),
    }));
    return { violations, passed: result.passes.length };
  }, TAGS);
}

function describeViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no violations`;
  const lines = violations.flatMap((v) => [
    `${where}: [${v.impact ?? "?"}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map(
      (n) =>
        `    ${JSON.stringify(n.target)} ${n.html}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
    ),
  ]);
  return lines.join("\n");
}

/**
 * Waits until no transition or finite animation runs, in three animation frames in a row,
 * and every open dialog is fully opaque: a dialog fading in is half transparent, and axe
 * would measure the contrast of colours no one sees once it has opened. One check was not
 * enough: a dialog mounted on its first opening (shared/ui/mount-on-open.ts) is in the page
 * at opacity 0 for a frame before its transition starts, and axe once measured the webhook
 * dialog's button then (3.21:1). Endless animations (a loader's spin) never settle and are
 * not waited for.
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const opaque = (element: Element | null): boolean => {
          for (let at = element; at; at = at.parentElement) {
            if (Number(getComputedStyle(at).opacity) < 1) return false;
          }
          return true;
        };
        const calmNow = () =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== "running" ||
                animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
            ) && Array.from(document.querySelectorAll('[role="dialog"]')).every(opaque);
        let calmFrames = 0;
        const tick = () => {
          calmFrames = calmNow() ? calmFrames + 1 : 0;
          if (calmFrames >= 3) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

export async function expectNoViolations(page: Page, where: string) {
  await settled(page);
  const { violations, passed } = await axeViolations(page);
  // axe really ran here (labels, names, contrast, lang… checked and passed).
  expect(passed).toBeGreaterThan(10);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}
