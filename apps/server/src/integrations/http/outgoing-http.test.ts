import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForbiddenAddress } from "./address-policy";
import { createOutgoingHttp, OutgoingRequestError, type Resolve } from "./outgoing-http";

/** A loopback server that counts what reaches it: while private networks are refused, nothing may. */
let decoy: Server;
let port = 0;
let received = 0;
/** TCP connections the server accepted. */
let connections = 0;
let answer: (res: import("node:http").ServerResponse) => void = (res) => res.end("ok");

beforeAll(async () => {
  decoy = createServer((_req, res) => {
    received += 1;
    answer(res);
  });
  decoy.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => decoy.listen(0, "127.0.0.1", resolve));
  port = (decoy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => decoy.close(() => resolve())));

/** A resolver where every name points at `address`, as a hostile DNS answer would. */
const pointingAt =
  (address: string, family = 4): Resolve =>
  (_hostname, callback) =>
    callback(null, [{ address, family }]);

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutgoingRequestError) return error.code;
    throw error;
  }
  throw new Error("the request went through");
}

describe("outgoing requests of integrations", () => {
  it("never reaches loopback while private networks are not allowed", async () => {
    const before = received;
    const strict = createOutgoingHttp({ allowPrivateNetworks: false });
    const viaName = (address: string, family?: number) =>
      createOutgoingHttp({ allowPrivateNetworks: false, resolve: pointingAt(address, family) });

    expect(
      await refusal(strict.request({ method: "POST", url: `http://127.0.0.1:${port}/` })),
    ).toBe("https_required");
    expect(
      await refusal(strict.request({ method: "POST", url: `https://127.0.0.1:${port}/` })),
    ).toBe("forbidden_address");
    expect(await refusal(strict.request({ method: "POST", url: `https://[::1]:${port}/` }))).toBe(
      "forbidden_address",
    );
    expect(
      await refusal(
        viaName("127.0.0.1").request({ method: "POST", url: `https://decoy.example:${port}/` }),
      ),
    ).toBe("forbidden_address");
    expect(
      await refusal(
        viaName("::ffff:127.0.0.1", 6).request({
          method: "POST",
          url: `https://decoy.example:${port}/`,
        }),
      ),
    ).toBe("forbidden_address");
    expect(
      await refusal(strict.request({ method: "POST", url: `https://[::ffff:127.0.0.1]:${port}/` })),
    ).toBe("forbidden_address");
    expect(received).toBe(before);
  });

  it("refuses private, link-local, CGNAT, multicast and metadata addresses, not public ones", () => {
    for (const address of [
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00:ec2::254",
      "ff02::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::7f00:1",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it("with private networks allowed: reaches the server, follows no redirect, caps the body", async () => {
    const open = createOutgoingHttp({ allowPrivateNetworks: true, maxBodyBytes: 1024 });
    answer = (res) => {
      res.statusCode = 302;
      res.setHeader("location", "https://elsewhere.example/");
      res.end();
    };
    const redirect = await open.request({ method: "GET", url: `http://127.0.0.1:${port}/` });
    expect(redirect.status).toBe(302);

    answer = (res) => res.end("x".repeat(10_000));
    const big = await open.request({ method: "GET", url: `http://127.0.0.1:${port}/` });
    expect(big.body.length).toBe(1024);
    expect(big.truncated).toBe(true);
  });

  it("gives up on a server that does not answer within the time-out", async () => {
    answer = () => {};
    const open = createOutgoingHttp({ allowPrivateNetworks: true, timeoutMs: 200 });
    expect(
      await refusal(
        open.request({ method: "GET", url: `http://127.0.0.1:${port}/slow?key=secret` }),
      ),
    ).toBe("timeout");
    answer = (res) => res.end("ok");
  });

  it("keeps a connection for the next call to the host, resolving and checking each new one", async () => {
    let resolved = 0;
    const counting: Resolve = (hostname, callback) => {
      resolved += 1;
      pointingAt("127.0.0.1")(hostname, callback);
    };
    const open = createOutgoingHttp({ allowPrivateNetworks: true, resolve: counting });
    const call = () =>
      open.request({ method: "POST", url: `http://hooks.test:${port}/`, body: "{}" });
    const before = connections;
    for (let i = 0; i < 3; i += 1) expect((await call()).status).toBe(200);
    // One after the other: one connection, one look-up.
    expect(connections - before).toBe(1);
    expect(resolved).toBe(1);
    // At once: a new connection per call the kept one cannot take, each resolved (and
    // checked, where the policy applies) before it connects.
    await Promise.all([call(), call(), call()]);
    expect(connections - before).toBeGreaterThan(1);
    expect(resolved).toBe(connections - before);
  });

  it("lets a call last its whole time-out on a kept connection", async () => {
    const open = createOutgoingHttp({ allowPrivateNetworks: true, idleSocketMs: 50 });
    expect((await open.request({ method: "GET", url: `http://127.0.0.1:${port}/` })).status).toBe(
      200,
    );
    // Longer than an idle connection is kept: the call in progress is not cut.
    answer = (res) => setTimeout(() => res.end("late"), 200);
    const late = await open.request({ method: "GET", url: `http://127.0.0.1:${port}/` });
    expect(late.body).toBe("late");
    answer = (res) => res.end("ok");
  });

  it("names the host in errors, never the path or query", async () => {
    const strict = createOutgoingHttp({ allowPrivateNetworks: false });
    await expect(
      strict.request({ method: "POST", url: "http://hooks.example/path?token=abc123" }),
    ).rejects.toThrow(/^hooks\.example: only https/);
    await expect(
      strict.request({ method: "POST", url: "http://hooks.example/path?token=abc123" }),
    ).rejects.not.toThrow(/abc123/);
  });
});
