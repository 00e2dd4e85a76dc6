/**
 * The ceiling of the quiz-read benchmark: a bare Fastify route that answers every GET with
 * the same bytes as `GET public/quiz/{key}/` or `/q/{key}` answered once (the file
 * CONSTANT_BODY_FILE, sent with CONSTANT_CONTENT_ENCODING and CONSTANT_CONTENT_TYPE). No database, no lookup, no
 * hooks: what this machine's Node can do at most for a response of that size.
 *
 *     CONSTANT_BODY_FILE=… CONSTANT_CONTENT_ENCODING=br PORT=… tsx bench/constant-server.ts
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const file = process.env.CONSTANT_BODY_FILE;
if (!file) {
  process.stderr.write("CONSTANT_BODY_FILE is required\n");
  process.exit(1);
}
const body = readFileSync(file);
const encoding = process.env.CONSTANT_CONTENT_ENCODING ?? "";
const contentType = process.env.CONSTANT_CONTENT_TYPE ?? "application/json; charset=utf-8";

const app = Fastify({ logger: false });
app.get("/health", async () => ({ ok: true }));
app.get("/constant", async (_request, reply) => {
  reply.type(contentType).header("etag", '"constant"');
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
