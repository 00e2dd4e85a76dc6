/**
 * Checks a template data directory (docs/templates.md):
 * `npm run templates:check -- [dir]` (default: the repository's data/).
 * Prints every problem and exits 1 when there is one.
 */
import { fileURLToPath } from "node:url";
import { checkTemplateDirectory, TEMPLATE_DATA_DIR } from "./template-check";

const dir = process.argv[2] ?? fileURLToPath(TEMPLATE_DATA_DIR);
const { templates, problems } = checkTemplateDirectory(dir);
for (const problem of problems) process.stderr.write(`${problem}\n`);
process.stdout.write(
  `${templates.length} template(s) fine, ${problems.length} problem(s) in ${dir}\n`,
);
process.exitCode = problems.length > 0 ? 1 : 0;
