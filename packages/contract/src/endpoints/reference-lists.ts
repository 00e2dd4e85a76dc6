import { healthResponseSchema } from "../auth";
import { currencyListSchema, fontListSchema, languageListSchema } from "../reference-lists";
import { endpoint } from "./endpoint";

const tags = ["reference lists"];

/** Public lists of no account (docs/api.md "Reference lists"), and the health check. */
export const referenceListEndpoints = {
  getHealth: endpoint({
    method: "GET",
    path: "/health/",
    operationId: "getHealth",
    tags: ["health"],
    summary: "Checks the database and answers ok",
    responses: { 200: healthResponseSchema },
  }),
  listLanguages: endpoint({
    method: "GET",
    path: "/languagelist/",
    operationId: "listLanguages",
    tags,
    summary: "Quiz languages",
    description:
      "Ids: uk 1, en 2, ru 3, pt 4, it 5, fr 6, pl 7, de 8; names in their own language.",
    responses: { 200: languageListSchema },
  }),
  listCurrencies: endpoint({
    method: "GET",
    path: "/currencylist/",
    operationId: "listCurrencies",
    tags,
    summary: "Quiz currencies",
    responses: { 200: currencyListSchema },
  }),
  listFonts: endpoint({
    method: "GET",
    path: "/fontlist/",
    operationId: "listFonts",
    tags,
    summary: "Quiz fonts",
    description:
      "Served by the product itself (never a third-party CDN): `url` is the same-origin " +
      "stylesheet (weights 400, 500, 700; Latin and Cyrillic), `family` the CSS " +
      "font-family value.",
    responses: { 200: fontListSchema },
  }),
} as const;
