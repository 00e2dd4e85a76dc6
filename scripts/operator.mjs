#!/usr/bin/env node
// The operator's command line (docs/money.md "Operator"). It talks to the RUNNING server
// through its operator API, with the key the server keeps in DATA_DIR/operator-key, so it
// works on PGlite too (whose database only the server process may open).
//
//   npm run operator -- credit <email> <amount> --reason "paid by bank transfer #42"
//   npm run operator -- withdrawal <request id> pay|reject
//   npm run operator -- media-sweep [--dry-run]   (also `npm run media:sweep -- --dry-run`)
//   npm run operator -- tariffs                   (the whole catalogue)
//   npm run operator -- tariff add --title "Pro" --months 1 --projects 20 --requests 500 --price 49
//   npm run operator -- tariff set <id> [--title …] [--months …] [--projects …] [--requests …]
//                        [--price …] [--sort …] [--auto-detect true|false] [--on-sale true|false]
//   npm run operator -- make-template <quiz id> --type calculator --theme renovation
//                        [--slug my-template] [--description "…"] [--sort N]
//                        (docs/templates.md: a published copy joins the template catalogue)
//
// Options: --url (default OPERATOR_URL, else the owner app on this machine: http://localhost:$PORT,
// or http://127.0.0.1:$PORT when PUBLIC_URL's host is 127.0.0.1, PORT default 3000; never the
// visitor origin, which answers no owner or operator call, docs/adr/0016-visitor-origin.md),
// --data-dir (default DATA_DIR, else ./data, else apps/server/data as `npm run dev` uses).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const usage = [
  'usage: npm run operator -- credit <email> <amount> --reason "…" [--url URL] [--data-dir DIR]',
  "       npm run operator -- withdrawal <request id> pay|reject [--url URL] [--data-dir DIR]",
  "       npm run media:sweep -- [--dry-run] [--url URL] [--data-dir DIR]",
  "       npm run operator -- tariffs [--url URL] [--data-dir DIR]",
  '       npm run operator -- tariff add --title "…" --months N --projects N --requests N --price 12.50 [--sort N] [--on-sale false]',
  "       npm run operator -- tariff set <id> [--title …] [--months N] [--projects N] [--requests N] [--price …] [--sort N] [--auto-detect true|false] [--on-sale true|false]",
  '       npm run operator -- make-template <quiz id> --type calculator|product_selection|lead_qualification|test|survey --theme renovation|real_estate|… [--slug …] [--description "…"] [--sort N]',
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
    title: { type: "string" },
    months: { type: "string" },
    projects: { type: "string" },
    requests: { type: "string" },
    price: { type: "string" },
    sort: { type: "string" },
    "auto-detect": { type: "string" },
    "on-sale": { type: "string" },
    type: { type: "string" },
    theme: { type: "string" },
    slug: { type: "string" },
    description: { type: "string" },
  },
});

/** The tariff fields given as options, as the API names them (the server checks them). */
function tariffFields() {
  const fields = {};
  const number = (name, option) => {
    if (values[option] === undefined) return;
    if (!/^\d+$/.test(values[option])) fail(`--${option} takes a whole number`);
    fields[name] = Number(values[option]);
  };
  const flag = (name, option) => {
    if (values[option] === undefined) return;
    if (!["true", "false"].includes(values[option])) fail(`--${option} takes true or false`);
    fields[name] = values[option] === "true";
  };
  if (values.title !== undefined) fields.title = values.title;
  number("period_months", "months");
  number("projects_per_month", "projects");
  number("requests_per_month", "requests");
  if (values.price !== undefined) fields.price = values.price;
  number("sort", "sort");
  flag("auto_detect", "auto-detect");
  flag("on_sale", "on-sale");
  return fields;
}

function tariffLine(t) {
  const state = t.is_trial ? "trial" : t.on_sale ? "on sale" : "off sale";
  return `#${t.id} ${t.title}: ${t.price} for ${t.period_months} month(s), ${t.projects_per_month} projects and ${t.requests_per_month} requests a month, sort ${t.sort}, ${state}`;
}

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
        : command === "tariffs" && !first
          ? {
              method: "GET",
              path: "/api/v1/operator/tariffs/",
              done: (body) => body.map(tariffLine).join("\n"),
            }
          : command === "tariff" && first === "add" && !second
            ? {
                path: "/api/v1/operator/tariffs/",
                body: tariffFields(),
                done: (body) => `Added ${tariffLine(body)}`,
              }
            : command === "tariff" && first === "set" && /^\d+$/.test(second ?? "")
              ? {
                  method: "PATCH",
                  path: `/api/v1/operator/tariffs/${second}/`,
                  body: tariffFields(),
                  done: (body) => `Changed ${tariffLine(body)}`,
                }
              : command === "make-template" &&
                  /^\d+$/.test(first ?? "") &&
                  !second &&
                  values.type &&
                  values.theme
                ? {
                    path: "/api/v1/operator/templates/",
                    body: {
                      quiz: Number(first),
                      type: values.type,
                      theme: values.theme,
                      ...(values.slug === undefined ? {} : { slug: values.slug }),
                      ...(values.description === undefined
                        ? {}
                        : { description: values.description }),
                      ...(values.sort === undefined ? {} : { sort: Number(values.sort) }),
                    },
                    done: (body) =>
                      `Quiz ${first} is now the template "${body.title}" (${body.slug}, ${body.language}; template quiz ${body.id}).`,
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
/** The owner app's loopback name: the other one is the default visitor origin's. */
function appLoopback() {
  const publicUrl = URL.parse(process.env.PUBLIC_URL ?? "");
  return publicUrl?.hostname === "127.0.0.1" ? "127.0.0.1" : "localhost";
}
const base = (
  values.url ??
  process.env.OPERATOR_URL ??
  `http://${appLoopback()}:${process.env.PORT ?? 3000}`
).replace(/\/+$/, "");

let response;
try {
  response = await fetch(`${base}${call.path}`, {
    method: call.method ?? "POST",
    headers: {
      "x-operator-key": key,
      ...(call.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
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
