import { randomUUID } from "node:crypto";
import { API_PREFIX } from "@leadquiz/contract";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { apiRoutes } from "./api";
import type { AppContext } from "./app-context";
import type { AppConfig } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { type BackgroundWork, startBackgroundWork } from "./jobs/background-work";
import { createJobQueue, type JobQueue } from "./jobs/queue";
import { serializeRequest } from "./lib/log-redaction";
import { createSecretBox } from "./lib/secret-box";
import { rejectUnsafeText } from "./lib/unsafe-text";
import { createMailer } from "./mail/mailer";
import { sealWebhookUrls } from "./modules/delivery";
import { legalPagesPlugin } from "./modules/legal-pages/legal-pages.plugin";
import { mediaPlugin } from "./modules/media/media.plugin";
import { profilePagePlugin } from "./modules/profiles/profile-page.plugin";
import { landingHostRewrite, publicPagesPlugin } from "./modules/public-pages/public-pages.plugin";
import { watchPublishedQuizzes } from "./modules/publication";
import { fontsPlugin } from "./modules/reference-lists/fonts.plugin";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { createFastReads } from "./plugins/fast-reads";
import { openApiPlugin } from "./plugins/openapi";
import { originSurfacesPlugin } from "./plugins/origin-surfaces";
import { helmetHeaders, securityHeadersPlugin } from "./plugins/security-headers";
import { webAppPlugin } from "./plugins/web-app";
import { type AppSecrets, resolveSecrets } from "./secrets";
import { createStorage, type Storage } from "./storage/storage";
import { seedTemplates } from "./workflows/template-catalogue";

export interface BuildAppOptions {
  /** A database opened by the caller (tests share one per file); closed by the caller. */
  database?: DatabaseHandle;
  secrets?: AppSecrets;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
}

/**
 * Builds the Fastify instance with every plugin registered explicitly, in order. Used by
 * main.ts and by tests (with `inject`). Migrations run here when `migrateOnStart` is set.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Every answer's security headers (docs/security.md), worked out once: Fastify's hook and
  // the fast reads send the same set. The owner app's policy: scripts of its own origin only,
  // never a third party's (docs/security.md "Owner app"); it frames the editor's preview
  // (its own origin) and pages of the visitor origin (the embed's sample site, the landing).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        // Mantine writes style attributes at run time.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", new URL(config.visitorUrl).origin],
        // The app's fonts are its own (self-hosted, /fonts/…): no https: at large.
        "font-src": ["'self'", "data:"],
        "frame-src": ["'self'", new URL(config.visitorUrl).origin],
        "form-action": ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Visitors' reads answered from memory before Fastify (docs/speed.md "Fast reads").
  const fastReads = createFastReads(securityHeaders);
  const app = Fastify({
    serverFactory: fastReads.serverFactory,
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "*.password",
          "*.email",
          "*.phone",
        ],
        censor: "[redacted]",
      },
      // Tokens in URLs (reset and e-mail links, OIDC codes) never reach the access log.
      serializers: { req: (request: FastifyRequest) => serializeRequest(request) },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    // `{subdomain}.<LANDING_HOST>/` → `/l/{subdomain}` (public-pages).
    rewriteUrl: landingHostRewrite(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: app.log });
  if (ownsDatabase) app.addHook("onClose", async () => database.close());
  const secrets = options.secrets ?? resolveSecrets(config);
  if (config.migrateOnStart) {
    await database.migrate();
    // Data kept plain before it was sealed: webhook URLs (docs/delivery.md "Credentials").
    await sealWebhookUrls(database.db, createSecretBox(secrets.encryptionKey), app.log);
    if (config.seedTemplates) {
      await seedTemplates({ db: database.db, config, log: app.log }, createStorage(config));
    }
  }
  const mailer = createMailer({ config, log: app.log.child({ module: "mail" }) });
  // onClose hooks run last-added first: pending e-mails (which may read the database)
  // finish before the database closes.
  app.addHook("onClose", async () => mailer.close());
  // Exposed so tests can await background sends (`app.mailer.idle()`).
  app.decorate("mailer", mailer);
  // Exposed so tests can tell an answer made before Fastify (`app.fastReads.answered`).
  app.decorate("fastReads", fastReads);

  const context: AppContext = {
    config,
    secrets,
    database,
    db: database.db,
    log: app.log,
    mailer,
    fastReads,
  };

  // The published quiz cache follows the database's notifications (docs/speed.md
  // "Published quiz cache"); stopped before the database closes (hooks run last-added first).
  const stopWatching = await watchPublishedQuizzes(database);
  app.addHook("onClose", async () => stopWatching());

  await app.register(errorHandlerPlugin);
  // Every body: NUL characters and lone surrogates get a clean 400, never a database error.
  app.addHook("preValidation", rejectUnsafeText);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  // The owner app and owners' content on their own origins (docs/adr/0016-visitor-origin.md).
  await app.register(originSurfacesPlugin, { config });
  await app.register(openApiPlugin);
  const { storage, queue } = registerBackgroundWork(app, context);
  // Before the routes: the multipart parser and upload hooks apply to their PATCH routes.
  await app.register(mediaPlugin, { context, storage, queue });
  await app.register(apiRoutes, { prefix: API_PREFIX, context });
  // Visitors' pages (/q/…, /l/…, /embed.js, /runtime/assets/…), before the catch-all.
  await app.register(publicPagesPlugin, { context });
  await app.register(legalPagesPlugin, { context });
  await app.register(profilePagePlugin, { context });
  // Self-hosted fonts of fontlist (/fonts/…), before the web app's catch-all.
  await app.register(fontsPlugin);
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

/**
 * The job queue and storage (media uploads send video compressions on the queue) and, with
 * JOBS_IN_PROCESS, every background job, started when the server is ready and stopped when
 * it closes, before the mailer and the database (docs/ARCHITECTURE.md "Background work").
 */
function registerBackgroundWork(
  app: FastifyInstance,
  context: AppContext,
): { storage: Storage; queue: JobQueue } {
  const storage = createStorage(context.config);
  const queue = createJobQueue(context.database, context.log.child({ module: "jobs" }));
  let work: BackgroundWork | undefined;
  if (context.config.jobsInProcess) {
    app.addHook("onReady", async () => {
      work = await startBackgroundWork({ ...context, queue, storage });
    });
  }
  app.addHook("onClose", async () => (work ? work.stop(10_000) : queue.stop()));
  // Which jobs run in this process (tests look).
  app.decorate("backgroundJobs", () => work?.running() ?? []);
  return { storage, queue };
}
