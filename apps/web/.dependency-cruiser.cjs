/**
 * The owner app's zones (docs/boundaries.md "Web"), checked by `npm run lint:deps` (run
 * from apps/web, so the `@/` alias of tsconfig.json resolves).
 * `features/<name>/` are the product's areas; each imports `shared/` and its own files,
 * never another feature or `app/`. `app/` (router, routes, layouts, guards) composes
 * features. `shared/` (API client, session, i18n, route paths, UI pieces) knows neither.
 */
const WEB = "^src/";
const FEATURES = `${WEB}features/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "feature-to-feature",
      severity: "error",
      comment:
        "A feature imports shared/ and its own files, not another feature. Move what two " +
        "features share to apps/web/src/shared/, or compose the two screens in app/ (routes, " +
        "layouts).",
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: FEATURES, pathNot: `${FEATURES}$1/` },
    },
    {
      name: "feature-to-app",
      severity: "error",
      comment:
        "app/ composes features; a feature never imports app/ (route paths live in " +
        "shared/routing/, a layout hands a page what it needs as props or Outlet context).",
      from: { path: FEATURES },
      to: { path: `${WEB}app/` },
    },
    {
      name: "shared-knows-no-feature",
      severity: "error",
      comment: "shared/ is below every feature and app/: it imports neither.",
      from: { path: `${WEB}shared/` },
      to: { path: [FEATURES, `${WEB}app/`] },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles in the owner app (type-only imports included).",
      from: { path: WEB },
      to: { circular: true },
    },
    {
      name: "resolvable",
      severity: "error",
      comment:
        "Every import resolves: an alias the rules cannot follow would let an import slip " +
        "past them.",
      from: { path: WEB },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.d\\.ts$", "/dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
