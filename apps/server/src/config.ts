import path from "node:path";
import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = z.url().optional();

/** A base URL with a placeholder (a data centre, an account name) that becomes a URL. */
const urlTemplate = (placeholder: string) =>
  z
    .string()
    .refine(
      (value) => value.includes(placeholder) && URL.canParse(value.replace(placeholder, "x")),
      {
        message: `must be a URL with ${placeholder}`,
      },
    );

/** Every environment variable the server reads (architecture.md "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: optionalUrl,
  /** The origin of everything an owner's content or scripts reach (docs/adr/0016). */
  VISITOR_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(
      /^(postgres(ql)?:\/\/|memory:\/\/)/,
      "must start with postgres://, postgresql:// or memory://",
    )
    .optional(),
  MIGRATE_ON_START: booleanFromEnv.default(true),
  /** Seed the template catalogue after migrating (docs/templates.md "Seed"). */
  SEED_TEMPLATES: booleanFromEnv.default(true),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Leadquiz <no-reply@localhost>"),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: booleanFromEnv.default(false),
  KEYCRM_API_URL: z.url().default("https://openapi.keycrm.app/v1"),
  /** The Telegram bot of lead notifications (docs/delivery.md "Telegram"); unset: no Telegram. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]+$/, "must look like 123456:ABC-DEF… (from @BotFather)")
    .optional(),
  TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
  PIPEDRIVE_API_URL: z.url().default("https://api.pipedrive.com"),
  SALESDRIVE_API_URL: urlTemplate("{subdomain}").default("https://{subdomain}.salesdrive.me"),
  GETRESPONSE_API_URL: z.url().default("https://api.getresponse.com/v3"),
  /** GetResponse MAX (Enterprise) accounts' API: `{region}` is com or pl (docs/delivery.md). */
  GETRESPONSE_MAX_API_URL: urlTemplate("{region}").default(
    "https://api3.getresponse360.{region}/v3",
  ),
  MAILCHIMP_API_URL: urlTemplate("{dc}").default("https://{dc}.api.mailchimp.com/3.0"),
  SENDPULSE_API_URL: z.url().default("https://api.sendpulse.com"),
  HUBSPOT_CLIENT_ID: z.string().optional(),
  HUBSPOT_CLIENT_SECRET: z.string().optional(),
  HUBSPOT_AUTH_URL: z.url().default("https://app.hubspot.com/oauth/authorize"),
  HUBSPOT_API_URL: z.url().default("https://api.hubapi.com"),
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),
  SALESFORCE_AUTH_URL: z.url().default("https://login.salesforce.com"),
  SALESFORCE_API_URL: optionalUrl,
  ZOHO_CLIENT_ID: z.string().optional(),
  ZOHO_CLIENT_SECRET: z.string().optional(),
  ZOHO_AUTH_URL: z.url().default("https://accounts.zoho.com"),
  ZOHO_API_URL: optionalUrl,
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  RATE_LIMIT_ENABLED: booleanFromEnv.default(true),
  RATE_LIMIT_NAMESPACE: z.string().min(1).default("leadquiz:rate-limit:"),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default("OpenID"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  LEGAL_PAGES_DIR: z.string().optional(),
  RUNTIME_DIST_DIR: z.string().optional(),
  LANDING_HOST: z
    .string()
    .regex(
      /^(?=.{1,253}(:|$))(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/i,
      "must be a host name such as quiz.example.com (optionally with :port)",
    )
    .optional(),
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  REFERRAL_PERCENTAGE: z.coerce.number().int().min(0).max(100).default(10),
  /** The course on the external course platform, answered by `key_value/` as course_url. */
  COURSE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The operators' address for support requests, answered by `key_value/` as support_email. */
  SUPPORT_EMAIL: z.email().optional(),
  /** `auto`: the manual provider only when no other is configured; `always`: offered too. */
  MANUAL_PAYMENTS: z.enum(["auto", "always"]).default("auto"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().default("https://api.stripe.com"),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url().default("https://api-m.paypal.com"),
  JOBS_IN_PROCESS: booleanFromEnv.default(true),
  /** Hours a hidden, deleted or tariff-ended quiz still takes its visitors' leads. */
  LEAD_GRACE_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * Leads one address may leave for one quiz in 10 minutes before the next is refused (429);
   * past 10 they are stored flagged `over_rate` (docs/leads.md "Leads over the per-address rate").
   */
  LEAD_REFUSED_PER_ADDRESS_QUIZ: z.coerce.number().int().min(10).max(100_000).default(120),
  /** The same for one address over every quiz in an hour (flagged past 30). */
  LEAD_REFUSED_PER_ADDRESS: z.coerce.number().int().min(30).max(1_000_000).default(600),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface OidcProviderConfig {
  /** The path segment of auth/{provider}/start/ and the id the login page gets. */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OAuthTargetConfig {
  /** Both set, or the target is not offered ("not set up on this server"). */
  client: { id: string; secret: string } | undefined;
  /** HubSpot: the consent page; Salesforce and Zoho: the login / accounts server's base. */
  authUrl: string;
  /** HubSpot: the API base (with the token call); Salesforce, Zoho: an extra accepted origin. */
  apiUrl: string | undefined;
}

function oauthTarget(
  id: string | undefined,
  secret: string | undefined,
  urls: { authUrl: string; apiUrl: string | undefined },
): OAuthTargetConfig {
  return {
    client: id && secret ? { id, secret } : undefined,
    authUrl: urls.authUrl.replace(/\/+$/, ""),
    apiUrl: urls.apiUrl?.replace(/\/+$/, ""),
  };
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** The owner app's origin (`PUBLIC_URL`): the app, its API, e-mail links, OpenID redirects. */
  publicUrl: string;
  /**
   * The visitor origin (`VISITOR_URL`, docs/adr/0016-visitor-origin.md): hosted quizzes,
   * landings, public profiles, the embed loader and media links. Never the owner app's host,
   * nor a parent or a subdomain of it.
   */
  visitorUrl: string;
  dataDir: string;
  /** Unset: PGlite in dataDir/db; `memory://`: PGlite in memory (tests). */
  databaseUrl: string | undefined;
  migrateOnStart: boolean;
  /** Whether migrating also seeds the template catalogue (tests turn it off by default). */
  seedTemplates: boolean;
  /** Unset: generated once into dataDir (see secrets.ts). */
  jwtSecret: string | undefined;
  encryptionKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        endpoint?: string | undefined;
        region?: string | undefined;
        accessKeyId?: string | undefined;
        secretAccessKey?: string | undefined;
      }
    | undefined;
  integrationsAllowPrivateNetworks: boolean;
  /** Base URLs of the targets' APIs (tests point them at local fakes). */
  targetApiUrls: {
    keycrm: string;
    pipedrive: string;
    /** With `{subdomain}` where the account's name goes. */
    salesdrive: string;
    getresponse: string;
    /** With `{region}` where a GetResponse MAX account's API host ending (com, pl) goes. */
    getresponseMax: string;
    /** With `{dc}` where the data centre of the key goes. */
    mailchimp: string;
    sendpulse: string;
  };
  /** The Telegram bot (docs/delivery.md "Telegram"), or undefined when no token is set. */
  telegram: { botToken: string; apiUrl: string } | undefined;
  /**
   * The OAuth CRMs (docs/delivery.md, "OAuth targets"): an app's client id and secret
   * (undefined: the target is not set up on this server), the provider's authorisation base
   * and, for tests, an API origin accepted besides the provider's own hosts.
   */
  oauthTargets: Record<"hubspot" | "salesforce" | "zoho", OAuthTargetConfig>;
  /** Fastify's trustProxy: false (use the socket address), or the proxies' addresses/CIDRs. */
  trustProxy: false | string[];
  redisUrl: string | undefined;
  /**
   * The auth calls' rate limits (plugins/rate-limit.ts). `enabled: false` only for tests that
   * make many auth calls from one address; `namespace` prefixes the Redis keys.
   */
  rateLimit: { enabled: boolean; namespace: string };
  oidcProviders: OidcProviderConfig[];
  webDistDir: string | undefined;
  /** The operator's privacy policy and terms ({privacy,terms}.{en,ru,uk}.html); docs/legal-pages.md. */
  legalPagesDir: string | undefined;
  /** Folder of the built visitor runtime (apps/runtime/dist by default). */
  runtimeDistDir: string | undefined;
  /**
   * Landings are also served at `{subdomain}.{landingHost}` (lower case, may carry a port),
   * besides `{PUBLIC_URL}/l/{subdomain}`; undefined: only the path.
   */
  landingHost: string | undefined;
  /** The ffmpeg that compresses uploaded videos (a name on PATH or a path). */
  ffmpegPath: string;
  /** Whether the web process also works background jobs (false: only `npm run worker` does). */
  jobsInProcess: boolean;
  /**
   * How long leads of visitors served before are still taken after their quiz was hidden,
   * deleted or its owner's tariff ended (`LEAD_GRACE_HOURS`, docs/leads.md "Closed quizzes").
   */
  leadGraceMs: number;
  /**
   * The abuse-level lead rates answered 429 (`LEAD_REFUSED_PER_ADDRESS_QUIZ` per 10 minutes,
   * `LEAD_REFUSED_PER_ADDRESS` per hour; visitor-limits.ts).
   */
  leadRefused: { perAddressQuiz: number; perAddress: number };
  /** How long a new account's trial tariff lasts (docs/money.md "Trial"). */
  trialDays: number;
  /** The inviter's share of each payment of an invited account (docs/money.md "Referral"). */
  referralPercentage: number;
  courseUrl: string | undefined;
  supportEmail: string | undefined;
  /**
   * The payment providers' credentials (docs/money.md "Payments"); a provider is offered when
   * its block is set. With none, the manual provider is the only one.
   */
  payments: {
    /** When the manual provider is offered (docs/money.md "Payments"). */
    manual: "auto" | "always";
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
    paypal:
      | { clientId: string; clientSecret: string; webhookId: string; apiUrl: string }
      | undefined;
  };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const GOOGLE_ISSUER = "https://accounts.google.com";

/**
 * Parses the whole environment at boot. A bad value throws a ConfigError naming every bad
 * variable. Nothing else in the server reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nonEmpty = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(nonEmpty);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const oidcProviders = oidcProvidersOf(e, problems);
  problems.push(...unpairedProblems(e));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const visitorUrl = visitorOrigin(publicUrl, e.VISITOR_URL, problems);
  const landingProblem = e.LANDING_HOST && landingHostProblem(publicUrl, e.LANDING_HOST);
  if (landingProblem) problems.push(landingProblem);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    visitorUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    seedTemplates: e.SEED_TEMPLATES,
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    integrationsAllowPrivateNetworks: e.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS,
    ...integrationsOf(e),
    trustProxy: e.TRUST_PROXY
      ? e.TRUST_PROXY.split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : false,
    redisUrl: e.REDIS_URL,
    rateLimit: { enabled: e.RATE_LIMIT_ENABLED, namespace: e.RATE_LIMIT_NAMESPACE },
    oidcProviders,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    legalPagesDir: e.LEGAL_PAGES_DIR ? path.resolve(e.LEGAL_PAGES_DIR) : undefined,
    runtimeDistDir: e.RUNTIME_DIST_DIR ? path.resolve(e.RUNTIME_DIST_DIR) : undefined,
    landingHost: e.LANDING_HOST?.toLowerCase(),
    ffmpegPath: e.FFMPEG_PATH,
    jobsInProcess: e.JOBS_IN_PROCESS,
    leadGraceMs: e.LEAD_GRACE_HOURS * 3_600_000,
    leadRefused: {
      perAddressQuiz: e.LEAD_REFUSED_PER_ADDRESS_QUIZ,
      perAddress: e.LEAD_REFUSED_PER_ADDRESS,
    },
    trialDays: e.TRIAL_DAYS,
    referralPercentage: e.REFERRAL_PERCENTAGE,
    courseUrl: e.COURSE_URL,
    supportEmail: e.SUPPORT_EMAIL,
    payments: paymentsOf(e),
    logLevel: e.LOG_LEVEL,
  };
}

type Env = z.infer<typeof envSchema>;

/** The OpenID providers set (Google, a generic one); one set in part is a problem. */
function oidcProvidersOf(e: Env, problems: string[]): OidcProviderConfig[] {
  const oidcProviders: OidcProviderConfig[] = [];
  if (e.GOOGLE_CLIENT_ID || e.GOOGLE_CLIENT_SECRET) {
    if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET) {
      problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither");
    } else {
      oidcProviders.push({
        id: "google",
        name: "Google",
        issuer: GOOGLE_ISSUER,
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
      });
    }
  }
  if (e.OIDC_ISSUER || e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET) {
    if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
      problems.push("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none");
    } else {
      oidcProviders.push({
        id: "oidc",
        name: e.OIDC_NAME,
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID,
        clientSecret: e.OIDC_CLIENT_SECRET,
      });
    }
  }
  return oidcProviders;
}

/** Variables that work only together, set in part (S3, Stripe, PayPal). */
function unpairedProblems(e: Env): string[] {
  const problems: string[] = [];
  if (
    e.S3_BUCKET === undefined &&
    (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)
  ) {
    problems.push("S3_BUCKET: required when any other S3_* variable is set");
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither");
  }
  const paypalSet = [e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET, e.PAYPAL_WEBHOOK_ID].filter(
    Boolean,
  ).length;
  if (paypalSet !== 0 && paypalSet !== 3) {
    problems.push(
      "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID: set all three or none",
    );
  }
  return problems;
}

/** The delivery targets' API addresses, the Telegram bot and the OAuth CRMs' apps. */
function integrationsOf(e: Env): Pick<AppConfig, "targetApiUrls" | "telegram" | "oauthTargets"> {
  return {
    targetApiUrls: {
      keycrm: e.KEYCRM_API_URL.replace(/\/$/, ""),
      pipedrive: e.PIPEDRIVE_API_URL.replace(/\/$/, ""),
      salesdrive: e.SALESDRIVE_API_URL.replace(/\/$/, ""),
      getresponse: e.GETRESPONSE_API_URL.replace(/\/$/, ""),
      getresponseMax: e.GETRESPONSE_MAX_API_URL.replace(/\/$/, ""),
      mailchimp: e.MAILCHIMP_API_URL.replace(/\/$/, ""),
      sendpulse: e.SENDPULSE_API_URL.replace(/\/$/, ""),
    },
    telegram: e.TELEGRAM_BOT_TOKEN
      ? { botToken: e.TELEGRAM_BOT_TOKEN, apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, "") }
      : undefined,
    oauthTargets: {
      hubspot: oauthTarget(e.HUBSPOT_CLIENT_ID, e.HUBSPOT_CLIENT_SECRET, {
        authUrl: e.HUBSPOT_AUTH_URL,
        apiUrl: e.HUBSPOT_API_URL,
      }),
      salesforce: oauthTarget(e.SALESFORCE_CLIENT_ID, e.SALESFORCE_CLIENT_SECRET, {
        authUrl: e.SALESFORCE_AUTH_URL,
        apiUrl: e.SALESFORCE_API_URL,
      }),
      zoho: oauthTarget(e.ZOHO_CLIENT_ID, e.ZOHO_CLIENT_SECRET, {
        authUrl: e.ZOHO_AUTH_URL,
        apiUrl: e.ZOHO_API_URL,
      }),
    },
  };
}

/** The payment providers set (manual payments, Stripe, PayPal). */
function paymentsOf(e: Env): AppConfig["payments"] {
  return {
    manual: e.MANUAL_PAYMENTS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ""),
          }
        : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            apiUrl: e.PAYPAL_API_URL.replace(/\/+$/, ""),
          }
        : undefined,
  };
}

/** A host name without its port, lower case (`[::1]` stays bracketed). */
function hostnameOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/** Whether `host` is `other` or below it (`a.b.example.com` is below `example.com`). */
function isAtOrBelow(host: string, other: string): boolean {
  return host === other || host.endsWith(`.${other}`);
}

/** The default visitor host for each loopback name of PUBLIC_URL. */
const LOOPBACK_SWAP = new Map([
  ["localhost", "127.0.0.1"],
  ["127.0.0.1", "localhost"],
]);

/**
 * The visitor origin (docs/adr/0016-visitor-origin.md): VISITOR_URL, or by default PUBLIC_URL
 * with its loopback name swapped (`localhost` ↔ `127.0.0.1`, same scheme and port), which
 * every browser, curl and Node resolve and which are different sites. Any other PUBLIC_URL
 * host needs VISITOR_URL. Refused: an address with a path, or a host that shares cookies
 * with the owner app's (the same host on another port, a parent domain, a subdomain).
 */
function visitorOrigin(
  publicUrl: string,
  visitorUrl: string | undefined,
  problems: string[],
): string {
  const app = new URL(publicUrl);
  if (visitorUrl === undefined) {
    const swapped = LOOPBACK_SWAP.get(app.hostname);
    if (!swapped) {
      problems.push(
        `VISITOR_URL: required when PUBLIC_URL's host is not localhost or 127.0.0.1 (PUBLIC_URL is ${publicUrl}); ` +
          "set it to the origin of the quiz pages, on a domain of its own (e.g. https://example-quiz.com beside https://app.example.com), see docs/adr/0016-visitor-origin.md",
      );
      return publicUrl;
    }
    const url = new URL(app.origin);
    url.hostname = swapped;
    return url.origin;
  }
  const visitor = new URL(visitorUrl);
  if (visitor.pathname !== "/" || visitor.search || visitor.hash) {
    problems.push(`VISITOR_URL: must be an origin without a path (e.g. ${visitor.origin})`);
  }
  const appHost = hostnameOf(publicUrl);
  const visitorHost = visitor.hostname.toLowerCase();
  if (isAtOrBelow(appHost, visitorHost) || isAtOrBelow(visitorHost, appHost)) {
    problems.push(
      `VISITOR_URL: its host ${visitorHost} shares cookies with PUBLIC_URL's host ${appHost} ` +
        "(the same host on another port, a parent domain or a subdomain of it); " +
        "use another domain, ideally a registrable domain of its own (docs/adr/0016-visitor-origin.md)",
    );
  }
  return visitor.origin;
}

/**
 * Landings on `{subdomain}.LANDING_HOST` run owners' scripts: the owner app's host must not
 * be LANDING_HOST or one of its subdomains, or a landing could be the app itself or toss
 * cookies onto it (docs/adr/0016-visitor-origin.md).
 */
function landingHostProblem(publicUrl: string, landingHost: string): string | undefined {
  const appHost = hostnameOf(publicUrl);
  const host = landingHost.toLowerCase().replace(/:\d+$/, "");
  if (!isAtOrBelow(appHost, host)) return undefined;
  return (
    `LANDING_HOST: ${host} is PUBLIC_URL's host ${appHost} or a parent of it, so landings would ` +
    "share cookies with the owner app; use the visitor domain (docs/adr/0016-visitor-origin.md)"
  );
}
