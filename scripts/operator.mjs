#!/usr/bin/env node
// The operator's command line (docs/money.md "Operator"). It talks to the RUNNING server
// through its operator API, with the key the server keeps in DATA_DIR/operator-key, so it
// works on PGlite too (whose database only the server process may open).
//
//   npm run operator -- credit <email> <amount> --reason "paid by bank transfer #42"
//   npm run operator -- withdrawal <request id> pay|reject
//   npm run operator -- media-sweep [--dry-run]   (also `npm run media:sweep -- --dry-run`)
//
// Options: --url (default OPERATOR_URL, else http://127.0.0.1:$PORT, PORT default 3000),
// --data-dir (default DATA_DIR, else ./data, else apps/server/data as `npm run dev` uses).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const usage = [
  'usage: npm run operator -- credit <email> <amount> --reason "…" [--url URL] [--data-dir DIR]',
  "       npm run operator -- withdrawal <request id> pay|reject [--url URL] [--data-dir DIR]",
  "       npm run media:sweep -- [--dry-run] [--url URL] [--data-dir DIR]",
].join("\n");

function fail(message) {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reason: { type: "string" },
    "dry-run": { type: "boolean" },
    url: { type: "string" },
    "data-dir": { type: "string" },
  },
});

const [command, first, second] = positionals;
const decisions = { pay: "paid", reject: "rejected" };
const call =
  command === "credit" && first && second && values.reason
    ? {
        path: "/api/v1/operator/credit/",
        body: { email: first, amount: second, reason: values.reason },
        done: (body) => `Credited ${second} to ${first}; balance now ${body.balance}.`,
      }
    : command === "withdrawal" && /^\d+$/.test(first ?? "") && decisions[second]
      ? {
          path: `/api/v1/operator/withdrawal/${first}/`,
          body: { decision: decisions[second] },
          done: (body) => `Withdrawal request ${body.id} (${body.amount}) is now ${body.status}.`,
        }
      : command === "media-sweep" && !first
        ? {
            path: "/api/v1/operator/media-sweep/",
            body: { dry_run: values["dry-run"] ?? false },
            done: (body) =>
              [
                ...body.removed.map(
                  (file) =>
                    `${body.dry_run ? "would remove" : "removed"} ${file.key} (${file.kind})`,
                ),
                `${body.dry_run ? "Dry run: would remove" : "Removed"} ${body.removed.length} file(s); ${body.kept} old enough but still held.`,
              ].join("\n"),
          }
        : fail(usage);

function dataDir() {
  const given = values["data-dir"] ?? process.env.DATA_DIR;
  if (given) return path.resolve(given);
  const candidates = [path.resolve("data"), path.resolve("apps/server/data")];
  return candidates.find((dir) => existsSync(path.join(dir, "operator-key"))) ?? candidates[0];
}

const keyFile = path.join(dataDir(), "operator-key");
if (!existsSync(keyFile))
  fail(`No operator key at ${keyFile}: start the server first, or pass --data-dir.`);
const key = readFileSync(keyFile, "utf8").trim();
const base = (
  values.url ??
  process.env.OPERATOR_URL ??
  `http://127.0.0.1:${process.env.PORT ?? 3000}`
).replace(/\/+$/, "");

let response;
try {
  response = await fetch(`${base}${call.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-operator-key": key },
    body: JSON.stringify(call.body),
  });
} catch (error) {
  fail(
    `The server at ${base} does not answer (${error.cause?.code ?? error.message}). Is it running? (--url)`,
  );
}
const body = await response.json().catch(() => ({}));
if (!response.ok) {
  const detail =
    body.detail ??
    Object.entries(body)
      .map(([field, messages]) => `${field}: ${[messages].flat().join(", ")}`)
      .join("; ");
  fail(`Refused (${response.status}): ${detail}`);
}
console.log(call.done(body));
