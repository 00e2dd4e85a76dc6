import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

/** Reads config, builds the app, listens, and closes gracefully on SIGTERM/SIGINT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "closing after an error");
    else app.log.info({ signal }, "shutting down: finishing requests in flight");
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, visitorUrl: config.visitorUrl }, "ready");
  process.stdout.write(
    `\nLeadquiz is ready at ${config.publicUrl}\n` +
      `(quiz pages, landings and embed.js at ${config.visitorUrl}: docs/adr/0016-visitor-origin.md)\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Leadquiz failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
