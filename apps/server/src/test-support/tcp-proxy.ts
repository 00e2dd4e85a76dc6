import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every connection and stops listening: the database looks down. */
  stop(): Promise<void>;
  /** Listens again on the same port: the database is back. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy to a real server, to cut and restore the path to it in tests. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const address = s.address();
        if (address && typeof address === "object") port = address.port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    close: stop,
  };
}
