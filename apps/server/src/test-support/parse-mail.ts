export interface ParsedMail {
  /** Header names lower-cased; values unfolded and with encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/**
 * Just enough MIME to read what nodemailer writes (tests only): a single part or
 * multipart/alternative of text/plain and text/html, each 7bit, base64 or quoted-printable,
 * UTF-8; RFC 2047 encoded words in headers.
 */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts: { headers: Record<string, string>; body: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      parts.push(splitEntity(chunk.replace(/^\r?\n/, "")));
    }
  } else {
    parts.push({ headers, body });
  }
  const partOf = (type: string) => {
    const part = parts.find((p) => (p.headers["content-type"] ?? "text/plain").startsWith(type));
    return part ? decodeBody(part.body, part.headers["content-transfer-encoding"]) : "";
  };
  return {
    headers,
    subject: headers.subject ?? "",
    text: partOf("text/plain"),
    html: partOf("text/html"),
  };
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
        line.slice(colon + 1).trim(),
      );
    }
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = "7bit"): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body.replace(/=\n/g, ""));
    default:
      return body;
  }
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047: `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`; whitespace between encoded words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
