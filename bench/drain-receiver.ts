/**
 * The healthy webhook receiver of the delivery drain (bench/README.md "Delivery drain"), in a
 * process of its own: checks each POST's Standard Webhooks signature (HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` with the secret's key) and answers 200 at once,
 * or 401 for a wrong signature. `POST /control/secret` gives it the secret, `POST
 * /control/reset` clears its counts, `GET /control/stats` answers them. PORT: where to listen.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

let key = Buffer.alloc(0);
let stats = fresh();

function fresh() {
  return {
    requests: 0,
    unique: 0,
    badSignatures: 0,
    bytes: 0,
    /** ms since the epoch of the first and the last request of a webhook-id not seen before. */
    firstAt: 0,
    lastAt: 0,
  };
}
let seen = new Set<string>();

function signedWell(id: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(
    createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64"),
  );
  return header.split(" ").some((signature) => {
    const given = Buffer.from(signature.replace(/^v1,/, ""));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (request.url === "/control/secret") {
      const secret = (JSON.parse(body) as { secret: string }).secret;
      key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
      response.end("{}");
      return;
    }
    if (request.url === "/control/reset") {
      stats = fresh();
      seen = new Set();
      response.end("{}");
      return;
    }
    if (request.url === "/control/stats") {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(stats));
      return;
    }
    const header = (name: string) => String(request.headers[name] ?? "");
    const id = header("webhook-id");
    stats.requests += 1;
    stats.bytes += body.length;
    if (!signedWell(id, header("webhook-timestamp"), body, header("webhook-signature"))) {
      stats.badSignatures += 1;
      response.writeHead(401).end('{"error":"signature"}');
      return;
    }
    if (!seen.has(id)) {
      seen.add(id);
      stats.unique += 1;
      const now = performance.timeOrigin + performance.now();
      if (stats.firstAt === 0) stats.firstAt = now;
      stats.lastAt = now;
    }
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write("drain receiver listening\n");
});
