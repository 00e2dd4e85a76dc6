import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_ORIGIN } from "./e2e-origin";

const run = promisify(execFile);

/**
 * The operator credits an owner's balance through `npm run operator` (docs/money.md
 * "Operator"), with the key the running server keeps in its data folder. Answers what the
 * command printed.
 */
export async function operatorCredit(email: string, amount: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (e2e/global-setup.ts)");
  const { stdout } = await run(process.execPath, [
    path.resolve("scripts/operator.mjs"),
    "credit",
    email,
    amount,
    "--reason",
    "e2e bank transfer",
    "--url",
    E2E_ORIGIN,
    "--data-dir",
    dataDir,
  ]);
  return stdout;
}
