// Regenerates src/phone-metadata/zone-{key}.json from the installed libphonenumber-js
// (run after upgrading it: `npm run phone-metadata -w @leadquiz/runtime`, then
// `npx biome format --write apps/runtime/src/phone-metadata`).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type PhoneMetadataJson, phoneZones } from "../src/phone-metadata/zones";

const require = createRequire(import.meta.url);
const source = require.resolve("libphonenumber-js/metadata.min.json");
const metadata = JSON.parse(readFileSync(source, "utf8")) as PhoneMetadataJson;
const out = join(dirname(fileURLToPath(import.meta.url)), "../src/phone-metadata");
for (const file of readdirSync(out)) {
  if (/^zone-\d+\.json$/.test(file)) rmSync(join(out, file));
}
for (const [key, zone] of Object.entries(phoneZones(metadata))) {
  writeFileSync(join(out, `zone-${key}.json`), `${JSON.stringify(zone)}\n`);
}
