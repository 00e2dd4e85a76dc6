import { walk } from "estree-walker";
import MagicString from "magic-string";
import { type Plugin, parseAst } from "vite";

/** The contract's endpoint table (packages/contract/src/endpoints/), one file per feature. */
const ENDPOINT_FILE = /packages[\\/]contract[\\/]src[\\/]endpoints[\\/][\w-]+\.ts$/;

/** The texts of an operation that only the OpenAPI document shows. */
const DOCUMENT_ONLY = new Set(["summary", "description"]);

interface Node {
  type: string;
  start: number;
  end: number;
}
interface PropertyNode extends Node {
  key: Node & { name?: string };
  value: Node;
  computed: boolean;
  shorthand: boolean;
}

/**
 * Empties the `summary` and `description` of every entry of the endpoint table in the owner
 * app's build. They are the OpenAPI document's prose (the server serves it, docs/api.md); the
 * app calls through the table for each operation's method, path and schemas only, and the
 * prose made the table the largest part of the first page's script (35 KB of 206 KB gzipped
 * before, docs/speed.md "Owner app delivery"). The keys stay, with "" for their value.
 */
export function endpointDocsStripped(): Plugin {
  return {
    name: "leadquiz-endpoint-docs-stripped",
    apply: "build",
    transform(code, id) {
      if (!ENDPOINT_FILE.test(id)) return null;
      const ast = parseAst(code);
      const output = new MagicString(code);
      walk(ast as unknown as Parameters<typeof walk>[0], {
        enter(node) {
          const property = node as unknown as PropertyNode;
          if (
            property.type !== "Property" ||
            property.computed ||
            property.key.type !== "Identifier" ||
            !DOCUMENT_ONLY.has(property.key.name ?? "")
          ) {
            return;
          }
          if (property.shorthand) {
            output.overwrite(property.start, property.end, `${property.key.name}: ""`);
          } else {
            output.overwrite(property.value.start, property.value.end, '""');
          }
          this.skip();
        },
      });
      return output.hasChanged() ? { code: output.toString(), map: output.generateMap() } : null;
    },
  };
}
