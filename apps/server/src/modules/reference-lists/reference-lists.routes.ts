import {
  apiPaths,
  currencyListSchema,
  fontListSchema,
  languageListSchema,
  quizCurrencies,
  quizLanguages,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { fontCatalogue, fontStylesheetUrl, installedFonts } from "./font-catalogue";

const tags = ["reference lists"];
const CACHE = "public, max-age=3600";

/**
 * `languagelist/`, `currencylist/`, `fontlist/` (docs/api.md "Reference lists"). Public: they hold
 * nothing of any account, and the visitor-facing runtime needs them as much as the editor.
 */
export async function referenceListsRoutes(app: FastifyInstance, _options: ApiOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const installed = installedFonts();
  const fonts = fontCatalogue.flatMap((font) => {
    const found = installed.get(font.slug);
    return found
      ? [{ id: font.id, name: font.name, family: font.family, url: fontStylesheetUrl(found) }]
      : [];
  });

  routes.get(
    apiPaths.languageList,
    {
      schema: {
        tags,
        summary: "Quiz languages",
        description:
          "Ids: uk 1, en 2, ru 3, pt 4, it 5, fr 6, pl 7, de 8; names in their own language.",
        response: { 200: languageListSchema },
      },
    },
    async (_request, reply) => reply.header("cache-control", CACHE).send([...quizLanguages]),
  );

  routes.get(
    apiPaths.currencyList,
    {
      schema: {
        tags,
        summary: "Quiz currencies",
        response: { 200: currencyListSchema },
      },
    },
    async (_request, reply) => reply.header("cache-control", CACHE).send([...quizCurrencies]),
  );

  routes.get(
    apiPaths.fontList,
    {
      schema: {
        tags,
        summary: "Quiz fonts",
        description:
          "Served by the product itself (never a third-party CDN): `url` is the same-origin " +
          "stylesheet (weights 400, 500, 700; Latin and Cyrillic), `family` the CSS " +
          "font-family value.",
        response: { 200: fontListSchema },
      },
    },
    async (_request, reply) => reply.header("cache-control", CACHE).send(fonts),
  );
}
