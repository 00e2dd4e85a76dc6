import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { serverRoot } from "./paths";

describe("loadConfig", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.migrateOnStart).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.oidcProviders).toEqual([]);
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  it("derives PUBLIC_URL from PORT and trims a trailing slash from an explicit one", () => {
    expect(loadConfig({ PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(
      loadConfig({ PUBLIC_URL: "https://app.example.com/", VISITOR_URL: "https://q.example.net" })
        .publicUrl,
    ).toBe("https://app.example.com");
  });

  // docs/adr/0016-visitor-origin.md
  it("puts the visitor pages on the other loopback name by default", () => {
    expect(loadConfig({}).visitorUrl).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ PORT: "4100" }).visitorUrl).toBe("http://127.0.0.1:4100");
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3199" }).visitorUrl).toBe(
      "http://localhost:3199",
    );
    expect(loadConfig({ PUBLIC_URL: "https://localhost:8443/" }).visitorUrl).toBe(
      "https://127.0.0.1:8443",
    );
    expect(
      loadConfig({
        PUBLIC_URL: "https://app.example.com",
        VISITOR_URL: "https://example-quiz.com/",
      }).visitorUrl,
    ).toBe("https://example-quiz.com");
  });

  it("refuses to start without VISITOR_URL on a real host, or with one that shares cookies", () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return "";
    };
    expect(problem({ PUBLIC_URL: "https://app.example.com" })).toMatch(
      /VISITOR_URL: required when PUBLIC_URL's host is not localhost or 127\.0\.0\.1/,
    );
    for (const visitor of [
      "https://app.example.com:8443", // the same host: cookies ignore the port
      "https://example.com", // a parent domain can set cookies for the app
      "https://quiz.app.example.com", // a subdomain can set them for the app's host
      "http://APP.example.com",
    ]) {
      expect(problem({ PUBLIC_URL: "https://app.example.com", VISITOR_URL: visitor })).toMatch(
        /VISITOR_URL: its host .* shares cookies with PUBLIC_URL's host app\.example\.com/,
      );
    }
    expect(problem({ VISITOR_URL: "http://localhost:3001" })).toMatch(/shares cookies/);
    expect(problem({ VISITOR_URL: "https://example-quiz.com/q" })).toMatch(
      /VISITOR_URL: must be an origin without a path/,
    );
    expect(problem({ VISITOR_URL: "not a url" })).toMatch(/VISITOR_URL/);
    expect(
      problem({
        PUBLIC_URL: "https://app.example.com",
        VISITOR_URL: "https://example-quiz.com",
        LANDING_HOST: "example.com",
      }),
    ).toMatch(/LANDING_HOST: example\.com is PUBLIC_URL's host app\.example\.com or a parent/);
    expect(
      problem({
        PUBLIC_URL: "https://app.example.com",
        VISITOR_URL: "https://example-quiz.com",
        LANDING_HOST: "example-quiz.com",
      }),
    ).toBe("");
  });

  it("names every bad variable at once", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", MIGRATE_ON_START: "maybe" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain("MIGRATE_ON_START");
  });

  it("configures the Google preset and a custom OpenID issuer, and refuses half a configuration", () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      OIDC_NAME: "Example ID",
    });
    expect(config.oidcProviders.map((p) => [p.id, p.name, p.issuer])).toEqual([
      ["google", "Google", "https://accounts.google.com"],
      ["oidc", "Example ID", "https://id.example.com"],
    ]);
    expect(() => loadConfig({ OIDC_ISSUER: "https://id.example.com" })).toThrow(/OIDC_CLIENT_ID/);
  });

  it("offers the payment providers whose credentials are set, and refuses half of them", () => {
    expect(loadConfig({}).payments).toEqual({
      manual: "auto",
      stripe: undefined,
      paypal: undefined,
    });
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
      PAYPAL_WEBHOOK_ID: "WH1",
      PAYPAL_API_URL: "https://api-m.sandbox.paypal.com/",
    });
    expect(config.payments).toEqual({
      manual: "auto",
      stripe: {
        secretKey: "sk_test_1",
        webhookSecret: "whsec_1",
        apiUrl: "https://api.stripe.com",
      },
      paypal: {
        clientId: "id",
        clientSecret: "secret",
        webhookId: "WH1",
        apiUrl: "https://api-m.sandbox.paypal.com",
      },
    });
    expect(loadConfig({ MANUAL_PAYMENTS: "always" }).payments.manual).toBe("always");
    expect(() => loadConfig({ MANUAL_PAYMENTS: "sometimes" })).toThrow(/MANUAL_PAYMENTS/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" })).toThrow(
      /PAYPAL_WEBHOOK_ID/,
    );
  });

  it("reads TRUST_PROXY as a list of proxies", () => {
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
    ]);
  });

  it("documents every variable it reads in .env.example, and nothing else", () => {
    const example = readFileSync(path.resolve(serverRoot, "../../.env.example"), "utf8");
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    const source = readFileSync(path.join(serverRoot, "src/config.ts"), "utf8");
    const schemaBlock = source.slice(
      source.indexOf("const envSchema"),
      source.indexOf("export interface OidcProviderConfig"),
    );
    const read = [...schemaBlock.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)]
      .map((m) => m[1])
      .filter((name) => name !== "NODE_ENV")
      .sort();
    expect(documented).toEqual(read);
  });
});
