// `npm run db:sql-rules -w @leadquiz/server -- <migration_name> <rule>...`: a new migration
// that re-applies the named SQL rules, apps/server/src/db/sql-rules/<rule>.sql, as they are
// now (CONTRIBUTING.md "Changing a trigger or an SQL function"). drizzle-kit adds the empty
// migration to the journal; this writes the rules' text into it. The migration is a copy on
// purpose: one applied in a database never changes, while the rule's file moves on.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/server");
const rulesDir = path.join(server, "src/db/sql-rules");
const [name, ...rules] = process.argv.slice(2);

if (!name || !/^[a-z0-9_]+$/.test(name) || rules.length === 0) {
  process.stderr.write(
    "usage: npm run db:sql-rules -w @leadquiz/server -- <migration_name> <rule>...\n" +
      "  (a rule is a file of apps/server/src/db/sql-rules/ without .sql)\n",
  );
  process.exit(2);
}
const files = rules.map((rule) => path.join(rulesDir, `${rule.replace(/\.sql$/, "")}.sql`));
const missing = files.filter((file) => !existsSync(file));
if (missing.length > 0) {
  process.stderr.write(`no such rule: ${missing.join(", ")}\n`);
  process.exit(2);
}

const generated = spawnSync("npx", ["drizzle-kit", "generate", "--custom", `--name=${name}`], {
  cwd: server,
  stdio: "inherit",
});
if (generated.status !== 0) process.exit(generated.status ?? 1);

const journal = JSON.parse(readFileSync(path.join(server, "drizzle/meta/_journal.json"), "utf8"));
const { tag } = journal.entries.at(-1);
const header = `-- Written by npm run db:sql-rules (CONTRIBUTING.md "Changing a trigger or an SQL
-- function"): the rules ${rules.join(", ")} of apps/server/src/db/sql-rules/ as they were.
`;
const body = files
  .map((file) => readFileSync(file, "utf8").trimEnd())
  .join("\n--> statement-breakpoint\n");
writeFileSync(path.join(server, "drizzle", `${tag}.sql`), `${header}${body}\n`);
process.stdout.write(`drizzle/${tag}.sql re-applies ${rules.join(", ")}\n`);
