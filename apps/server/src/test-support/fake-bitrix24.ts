import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const PHONE_TYPES = ["WORK", "MOBILE", "FAX", "HOME", "PAGER", "MAILING", "OTHER"];
const EMAIL_TYPES = ["WORK", "HOME", "MAILING", "OTHER"];
const IM_TYPES = ["FACEBOOK", "TELEGRAM", "VK", "SKYPE", "VIBER", "INSTAGRAM", "OTHER"];
const SOURCES = ["CALL", "EMAIL", "WEB", "ADVERTISING", "PARTNER", "WEBFORM", "OTHER"];

export interface FakeBitrix24 {
  /** The inbound webhook URL of the portal's one valid token. */
  webhookUrl: string;
  /** A webhook URL whose code the portal does not know. */
  revokedUrl: string;
  /** `crm.lead.add` bodies accepted, in order, with the id each lead got. */
  leads: { id: number; fields: Record<string, unknown> }[];
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** The methods called, in order. */
  calls: string[];
  /** Answer every call with Bitrix24's rate-limit error until switched back. */
  limit(on: boolean): void;
  /**
   * A slow portal: `crm.lead.add` creates the lead at once but answers only after `ms` (a
   * client that gave up by then never hears of it); null answers at once again.
   */
  answerLate(ms: number | null): void;
  /**
   * What every answer's `time` block names as `operating_reset_at` (unix seconds; 10 minutes
   * after each call by default), and the method blocked for its operating time (429
   * OPERATION_TIME_LIMIT) until called again with null.
   */
  operating(resetAt: number | null, blocked: string | null): void;
  close(): Promise<void>;
}

/** Fields `crm.lead.list` filters on here (the ones our lookup uses). */
const LIST_FILTERS = new Set(["ID", "ORIGINATOR_ID", "ORIGIN_ID"]);

/**
 * A Bitrix24 portal on loopback, as its REST documentation describes it (docs/delivery.md
 * "Bitrix24"): `/rest/{user}/{code}/{method}.json`, 401 INVALID_CREDENTIALS for an unknown
 * code, 404 ERROR_METHOD_NOT_FOUND, 503 QUERY_LIMIT_EXCEEDED when limited, 429
 * OPERATION_TIME_LIMIT for a method blocked for its operating time, a `time` block in every
 * answer; it checks the `crm.lead.add` body's shape and answers `crm.lead.list` by its filter
 * (exact match, with or without the `=` prefix).
 */
export async function startFakeBitrix24(): Promise<FakeBitrix24> {
  const code = "k3y9tok3n";
  const leads: FakeBitrix24["leads"] = [];
  const problems: string[] = [];
  const calls: string[] = [];
  let limited = false;
  let lateMs: number | null = null;
  let resetAt: number | null = null;
  let blocked: string | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const startedAt = Date.now() / 1000;
      const answer = (status: number, body: Record<string, unknown>, afterMs = 0) => {
        const finish = Date.now() / 1000;
        const time = {
          start: startedAt,
          finish,
          duration: finish - startedAt,
          processing: finish - startedAt,
          date_start: new Date(startedAt * 1000).toISOString(),
          date_finish: new Date(finish * 1000).toISOString(),
          operating_reset_at: resetAt ?? Math.floor(startedAt) + 600,
          operating: blocked ? 480.5 : 0.02,
        };
        const write = () => {
          if (response.destroyed) return;
          response.writeHead(status, { "content-type": "application/json" });
          response.end(JSON.stringify(status < 300 ? { ...body, time } : body));
        };
        if (afterMs > 0) setTimeout(write, afterMs).unref();
        else write();
      };
      const match = /^\/rest\/(\d+)\/([^/]+)\/([a-z.]+?)(\.json)?$/.exec(request.url ?? "");
      if (!match || match[2] !== code) {
        return answer(401, {
          error: "INVALID_CREDENTIALS",
          error_description: "Invalid request credentials",
        });
      }
      if (limited)
        return answer(503, {
          error: "QUERY_LIMIT_EXCEEDED",
          error_description: "Too many requests",
        });
      const method = match[3] ?? "";
      calls.push(method);
      if (blocked === method) {
        return answer(429, {
          error: "OPERATION_TIME_LIMIT",
          error_description: "Method is blocked due to operation time limit.",
        });
      }
      if (method === "crm.lead.list") return list(Buffer.concat(chunks).toString("utf8"));
      if (method === "crm.lead.fields")
        return answer(200, { result: { TITLE: { type: "string" } } });
      if (method !== "crm.lead.add") {
        return answer(404, {
          error: "ERROR_METHOD_NOT_FOUND",
          error_description: "Method not found!",
        });
      }
      if (request.headers["content-type"] !== "application/json") problems.push("content-type");
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        fields?: Record<string, unknown>;
      };
      const fields = body.fields;
      if (!fields || typeof fields !== "object") {
        problems.push("no fields");
        return answer(400, { error: "", error_description: "Fields are required" });
      }
      if (typeof fields.TITLE !== "string" || fields.TITLE === "") problems.push("TITLE");
      const multi = (name: string, types: string[]) => {
        const value = fields[name];
        if (value === undefined) return;
        if (
          !Array.isArray(value) ||
          value.some(
            (v: { VALUE?: unknown; VALUE_TYPE?: unknown }) =>
              typeof v.VALUE !== "string" || !types.includes(String(v.VALUE_TYPE)),
          )
        ) {
          problems.push(name);
        }
      };
      multi("PHONE", PHONE_TYPES);
      multi("EMAIL", EMAIL_TYPES);
      multi("IM", IM_TYPES);
      if (!SOURCES.includes(String(fields.SOURCE_ID))) problems.push("SOURCE_ID");
      if (fields.ASSIGNED_BY_ID !== undefined && !Number.isInteger(fields.ASSIGNED_BY_ID)) {
        problems.push("ASSIGNED_BY_ID");
      }
      const id = 3465 + leads.length;
      leads.push({ id, fields });
      return answer(200, { result: id }, lateMs ?? 0);

      /** `crm.lead.list`: the leads whose fields equal every filter value, `ID` selected. */
      function list(text: string) {
        const body = JSON.parse(text || "{}") as { filter?: Record<string, unknown> };
        const filter = Object.entries(body.filter ?? {}).map(
          ([key, value]) => [key.replace(/^=/, ""), String(value)] as const,
        );
        for (const [key] of filter) if (!LIST_FILTERS.has(key)) problems.push(`filter ${key}`);
        const found = leads.filter((lead) =>
          filter.every(([key, value]) =>
            key === "ID" ? String(lead.id) === value : String(lead.fields[key]) === value,
          ),
        );
        return answer(200, {
          result: found.slice(0, 50).map((lead) => ({ ID: String(lead.id) })),
          total: found.length,
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/rest/17`;
  return {
    webhookUrl: `${base}/${code}/`,
    revokedUrl: `${base}/revoked0code/`,
    leads,
    problems,
    calls,
    limit(on) {
      limited = on;
    },
    answerLate(ms) {
      lateMs = ms;
    },
    operating(at, method) {
      resetAt = at;
      blocked = method;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
