import { writeFileSync } from "node:fs";
import { openApiDocumentOfSource } from "./openapi-source";

/**
 * Writes the OpenAPI document of the app as built from source (openapi-source.ts) to the file
 * named by the first argument (or stdout). `npm run lint:openapi` (scripts/openapi-lint.mjs)
 * lints what it writes.
 */
const document = `${JSON.stringify(await openApiDocumentOfSource(), null, 2)}\n`;
const target = process.argv[2];
if (target) writeFileSync(target, document);
else process.stdout.write(document);
