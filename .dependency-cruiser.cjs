/**
 * The server's module boundaries (docs/boundaries.md), checked by `npm run lint:deps`.
 * Layers, top down: the composition root (api.ts, app.ts) → a module's routes and plugin
 * → workflows → a module's face (index.ts) → its service and repositories → policies, lib,
 * db. Tests and test-support may reach into a module (they test its insides).
 */
const SERVER = "^apps/server/src/";
const MODULES = `${SERVER}modules/`;
const TESTS = ["\\.test\\.ts$", `${SERVER}test-support/`];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycles (type-only imports included): a cycle between modules means one of " +
        "them hides a workflow. Move the shared work to apps/server/src/workflows/.",
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: "module-through-face",
      severity: "error",
      comment:
        "A module imports another module only through its face, modules/<name>/index.ts " +
        "(never its repository, routes, plugin or any other file).",
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: "outside-through-face",
      severity: "error",
      comment:
        "Code outside modules/ (workflows, jobs, plugins, …) imports a module only through " +
        "its face, modules/<name>/index.ts. Only api.ts and app.ts register routes and plugins.",
      from: {
        path: SERVER,
        pathNot: [MODULES, `${SERVER}(api|app)\\.ts$`, ...TESTS],
      },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: "face-without-routes",
      severity: "error",
      comment:
        "A module's face exports its service, not its routes or plugin (api.ts, app.ts register those).",
      from: { path: `${MODULES}[^/]+/index\\.ts$` },
      to: { path: "\\.(routes|plugin)\\.ts$" },
    },
    {
      name: "workflows-from-routes-only",
      severity: "error",
      comment:
        "Inside a module only routes and plugins call workflows; a service that called one " +
        "would close a cycle (workflows build on services).",
      from: { path: MODULES, pathNot: ["\\.(routes|plugin)\\.ts$", ...TESTS] },
      to: { path: `${SERVER}workflows/` },
    },
    {
      name: "workflow-through-face",
      severity: "error",
      comment: "A workflow imports another workflow only through its index.ts.",
      from: { path: `${SERVER}workflows/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}workflows/[^/]+/`,
        pathNot: [`${SERVER}workflows/$1/`, `${SERVER}workflows/[^/]+/index\\.ts$`],
      },
    },
    {
      name: "shared-knows-no-module",
      severity: "error",
      comment:
        "policies/, lib/, db/, storage/ and mail/ sit below every module and import none: " +
        "what they need of a module is handed to them (docs/boundaries.md).",
      from: { path: `${SERVER}(policies|lib|db|storage|mail)/`, pathNot: TESTS },
      to: { path: MODULES },
    },
    {
      name: "plugins-know-listed-modules",
      severity: "error",
      comment:
        "plugins/ import only the faces of accounts and api-keys (authentication asks them who " +
        "is calling) and of media and profiles (the OpenAPI document's upload fields): " +
        'docs/boundaries.md "Plugins". Any other module stays out of plugins.',
      from: { path: `${SERVER}plugins/`, pathNot: TESTS },
      to: {
        path: MODULES,
        pathNot: `${MODULES}(accounts|api-keys|media|profiles)/index\\.ts$`,
      },
    },
    {
      name: "sql-in-repositories",
      severity: "error",
      comment:
        "SQL lives in repositories (*.repository.ts) and policies/: other files of modules " +
        "and workflows do not run queries (type-only imports of the schema are fine).",
      from: {
        path: [MODULES, `${SERVER}workflows/`],
        pathNot: ["\\.repository\\.ts$", ...TESTS],
      },
      to: {
        path: ["^node_modules/drizzle-orm/", `${SERVER}db/`],
        dependencyTypesNot: ["type-only"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^apps/.*\\.d\\.ts$", "/dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
