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
  /** `crm.lead.add` bodies accepted, in order. */
  leads: { fields: Record<string, unknown> }[];
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** Answer every call with Bitrix24's rate-limit error until switched back. */
  limit(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A Bitrix24 portal on loopback, as integrations.md describes it: `/rest/{user}/{code}/
 * {method}.json`, 401 INVALID_CREDENTIALS for an unknown code, 404 ERROR_METHOD_NOT_FOUND,
 * 503 QUERY_LIMIT_EXCEEDED when limited, and it checks the `crm.lead.add` body's shape.
 */
export async function startFakeBitrix24(): Promise<FakeBitrix24> {
  const code = "k3y9tok3n";
  const leads: FakeBitrix24["leads"] = [];
  const problems: string[] = [];
  let limited = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
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
      const method = match[3];
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
      leads.push({ fields });
      return answer(200, { result: 3464 + leads.length, time: { start: 0, finish: 0 } });
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
    limit(on) {
      limited = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
