import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EAGER_COMPILE_HINT } from "./compile-hints";

/**
 * The owner app as `npm run build` makes it, in a temporary folder: what a browser loads
 * before the first page (docs/speed.md "Owner app delivery"). Sizes are deterministic, so
 * the budget of issue 15 is a test; load times are measured by `npm run bench`.
 */
const webRoot = fileURLToPath(new URL("..", import.meta.url));
/** The entry's JavaScript with its static imports, gzip -9, at most 200 KB. */
const ENTRY_BUDGET_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

let outDir: string;
let manifest: Record<string, ManifestChunk>;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), "leadquiz-web-build-"));
  // Vitest sets NODE_ENV=test, which would bundle React's development builds.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: webRoot,
      configFile: path.join(webRoot, "vite.config.ts"),
      mode: "production",
      logLevel: "silent",
      // Source maps as `npm run build` writes them: a test reads one.
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"));
}, 180_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

/** A chunk's file and its static imports' files, transitively: what loads with it. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

function entryKey(): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry === true);
  if (!entry) throw new Error("the build has no entry");
  return entry[0];
}

describe("the owner app's build", () => {
  it("loads at most 200 KB of gzipped JavaScript before the first page", () => {
    const initial = [...staticClosure(entryKey())];
    const gzipped = initial.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      0,
    );
    expect(gzipped).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
  });

  it("ships none of the API's documentation prose: the endpoint table's summaries stay on the server", () => {
    const scripts = readdirSync(path.join(outDir, "assets")).filter((file) => file.endsWith(".js"));
    const text = scripts.map((file) => readFileSync(path.join(outDir, "assets", file), "utf8"));
    // The table's entries are in the build (their paths), their OpenAPI summaries are not.
    expect(text.some((script) => script.includes("/register/complete/"))).toBe(true);
    expect(text.some((script) => script.includes("Starts a registration"))).toBe(false);
  });

  it("loads the login page and the other pages on demand, not with the entry", () => {
    const initial = staticClosure(entryKey());
    const lazyPages = (manifest[entryKey()]?.dynamicImports ?? [])
      .filter((key) => /features\/.+-page\.tsx$/.test(key))
      .map((key) => manifest[key]?.file);
    expect(lazyPages.length).toBeGreaterThan(20);
    expect(lazyPages.filter((file) => file && initial.has(file))).toEqual([]);
    const login = (manifest[entryKey()]?.dynamicImports ?? []).find((key) =>
      key.endsWith("login-page.tsx"),
    );
    expect(login).toBeDefined();
  });

  it("bundles React Router's production build, not the development one its exports name", () => {
    // A development-only warning of React Router (remix-run/react-router#14102).
    const scripts = readdirSync(path.join(outDir, "assets")).filter((file) => file.endsWith(".js"));
    // An invariant message both builds keep: where the router went.
    const router = scripts.filter((file) =>
      readFileSync(path.join(outDir, "assets", file), "utf8").includes(
        "may be used only in the context of a <Router> component",
      ),
    );
    expect(router.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const text = readFileSync(path.join(outDir, "assets", file), "utf8");
      expect(text, file).not.toContain("No routes matched location");
    }
  });

  it("paints a shell before any script or stylesheet: the stylesheets follow it", () => {
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/rel="stylesheet"/);
    const shell = html.indexOf('class="lq-shell"');
    const stylesheet = html.indexOf('rel="stylesheet"');
    expect(shell).toBeGreaterThan(0);
    expect(stylesheet).toBeGreaterThan(shell);
  });

  it("writes the quiz editor's page: index.html naming its frame's and questions tab's scripts", () => {
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    const page = readFileSync(path.join(outDir, "routes", "quiz.html"), "utf8");
    const named = (text: string) =>
      new Set(
        [...text.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]),
      );
    const initial = staticClosure(entryKey());
    const route = new Set<string>();
    for (const source of [
      "src/app/layouts/quiz-editor-layout.tsx",
      "src/features/quiz-editor/questions/questions-page.tsx",
    ]) {
      staticClosure(source, route);
    }
    // index.html names what every page loads at once beyond the entry (Mantine's layer,
    // docs/speed.md "Owner app delivery"); the route's page names the same, and the rest.
    const everyPage = named(html);
    const routeOnly = [...route].filter((file) => !initial.has(file) && !everyPage.has(file));
    expect(routeOnly.length).toBeGreaterThan(10);
    expect([...everyPage].some((file) => file?.includes("mantine"))).toBe(true);
    // The same page as index.html, plus what the route needs beyond the entry.
    const added = [...named(page)].filter((file) => !everyPage.has(file));
    expect(added).toEqual(expect.arrayContaining(routeOnly));
    expect(added.filter((file) => file && initial.has(file))).toEqual([]);
    for (const file of added) expect(statSync(path.join(outDir, file ?? "")).isFile()).toBe(true);
    expect(page.replace(/\s*<link rel="modulepreload"[^>]*>/g, "")).toBe(
      html.replace(/\s*<link rel="modulepreload"[^>]*>/g, ""),
    );
  });

  it("starts the scripts the first screens run with V8's compile hint, and only those", () => {
    const firstLine = (key: string) => {
      const file = manifest[key]?.file;
      if (!file) throw new Error(`no chunk for ${key}`);
      return readFileSync(path.join(outDir, file), "utf8").split("\n", 1)[0];
    };
    const hinted = [
      entryKey(),
      "src/app/mantine-layer.tsx",
      "src/app/layouts/quiz-editor-layout.tsx",
      "src/features/quiz-editor/questions/questions-page.tsx",
    ];
    for (const key of hinted) expect(firstLine(key), key).toBe(EAGER_COMPILE_HINT);
    // The libraries every page starts with (chunks of their own, named by their group).
    const libraries = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => /^assets\/(react|mantine|zod)-[\w-]{8}\.js$/.test(file));
    expect(libraries).toHaveLength(3);
    for (const file of libraries) {
      expect(readFileSync(path.join(outDir, file), "utf8").startsWith(EAGER_COMPILE_HINT)).toBe(
        true,
      );
    }
    // Pages opened later are compiled as they run, function by function.
    for (const key of [
      "src/features/leads/pages/leads-page.tsx",
      "src/features/analytics/pages/analytics-page.tsx",
    ]) {
      expect(firstLine(key), key).not.toBe(EAGER_COMPILE_HINT);
    }
  });

  it("keeps the source maps of hinted scripts pointing at their sources", () => {
    // The entry: Vite's list of its dynamic imports and the hint come before its code.
    const file = manifest[entryKey()]?.file ?? "";
    const lines = readFileSync(path.join(outDir, file), "utf8").split("\n");
    const line = lines.findIndex((text) => text.includes("createRoot"));
    expect(line).toBeGreaterThan(0);
    const map = new TraceMap(readFileSync(path.join(outDir, `${file}.map`), "utf8"));
    const original = originalPositionFor(map, {
      line: line + 1,
      column: lines[line]?.indexOf("createRoot") ?? 0,
    });
    expect(original.source).toMatch(/src\/main\.tsx$/);
    const source = readFileSync(path.join(webRoot, "src", "main.tsx"), "utf8").split("\n");
    expect(source[(original.line ?? 0) - 1]).toContain("createRoot(");
  });

  it("writes brotli and gzip copies of the entry and index.html that unpack to the files", () => {
    const entryFile = manifest[entryKey()]?.file ?? "";
    for (const file of [entryFile, "index.html", "routes/quiz.html"]) {
      const plain = readFileSync(path.join(outDir, file));
      expect(brotliDecompressSync(readFileSync(path.join(outDir, `${file}.br`)))).toEqual(plain);
      expect(gunzipSync(readFileSync(path.join(outDir, `${file}.gz`)))).toEqual(plain);
    }
    // Every script but the smallest (where the copy would not be smaller than the file).
    const assets = readdirSync(path.join(outDir, "assets"));
    const scripts = assets.filter(
      (name) => name.endsWith(".js") && statSync(path.join(outDir, "assets", name)).size > 1024,
    );
    const withCopies = scripts.filter(
      (name) => assets.includes(`${name}.br`) && assets.includes(`${name}.gz`),
    );
    expect(scripts.length).toBeGreaterThan(50);
    expect(withCopies).toEqual(scripts);
  });
});
