import {
  referenceListEndpoints as endpoints,
  quizCurrencies,
  quizLanguages,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { defineRoute } from "../../plugins/define-route";
import { fontCatalogue, fontStylesheetUrl, installedFonts } from "./font-catalogue";

const CACHE = "public, max-age=3600";

/**
 * `languagelist/`, `currencylist/`, `fontlist/` (docs/api.md "Reference lists"). Public: they hold
 * nothing of any account, and the visitor-facing runtime needs them as much as the editor.
 */
export async function referenceListsRoutes(app: FastifyInstance, _options: ApiOptions) {
  const installed = installedFonts();
  const fonts = fontCatalogue.flatMap((font) => {
    const found = installed.get(font.slug);
    return found
      ? [{ id: font.id, name: font.name, family: font.family, url: fontStylesheetUrl(found) }]
      : [];
  });

  defineRoute(app, endpoints.listLanguages, async (_request, reply) =>
    reply.header("cache-control", CACHE).send([...quizLanguages]),
  );
  defineRoute(app, endpoints.listCurrencies, async (_request, reply) =>
    reply.header("cache-control", CACHE).send([...quizCurrencies]),
  );
  defineRoute(app, endpoints.listFonts, async (_request, reply) =>
    reply.header("cache-control", CACHE).send(fonts),
  );
}
