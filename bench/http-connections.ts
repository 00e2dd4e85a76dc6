import { connect, type Socket } from "node:net";

/**
 * A lean HTTP/1.1 client for the bench's fixed-rate loads (open-loop.ts): up to `size`
 * keep-alive connections to one loopback server, one request at a time on each, requests
 * that find every connection busy waiting in arrival order. It writes a request made by the
 * caller and reads the answer's status line and Content-Length (the servers measured here
 * always send one), nothing more. The load generator shares the machine's two cores with the
 * server and PostgreSQL, and undici cost about 150 µs of CPU per request here, as much as
 * the product's own JavaScript for a lead; this costs a fraction of it.
 */
export class HttpConnections {
  private readonly idle: Connection[] = [];
  private readonly waiting: { request: string; done: (result: Answer) => void }[] = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly size: number,
  ) {}

  /** Sends `request` (a whole HTTP/1.1 request) and answers its status, or an error. */
  send(request: string): Promise<Answer> {
    return new Promise((done) => {
      const connection = this.idle.pop();
      if (connection) connection.send(request, done);
      else if (this.open < this.size) this.connect().send(request, done);
      else this.waiting.push({ request, done });
    });
  }

  close(): void {
    this.closed = true;
    for (const connection of this.idle) connection.destroy();
    this.idle.length = 0;
  }

  private connect(): Connection {
    this.open += 1;
    const connection = new Connection(this.host, this.port, {
      free: () => {
        const next = this.waiting.shift();
        if (next) connection.send(next.request, next.done);
        else if (this.closed) connection.destroy();
        else this.idle.push(connection);
      },
      lost: () => {
        this.open -= 1;
        const at = this.idle.indexOf(connection);
        if (at >= 0) this.idle.splice(at, 1);
        const next = this.waiting.shift();
        if (next && !this.closed) this.connect().send(next.request, next.done);
      },
    });
    return connection;
  }
}

export type Answer = { status: number } | { error: string };

const HEADER_END = Buffer.from("\r\n\r\n");

class Connection {
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private current: ((result: Answer) => void) | null = null;
  private gone = false;

  constructor(
    host: string,
    port: number,
    private readonly events: { free(): void; lost(): void },
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    const lose = (reason: string) => {
      if (this.gone) return;
      this.gone = true;
      this.current?.({ error: reason });
      this.current = null;
      this.events.lost();
    };
    this.socket.on("error", (error) => lose(error.message));
    this.socket.on("close", () => lose("connection closed"));
  }

  send(request: string, done: (result: Answer) => void): void {
    this.current = done;
    this.socket.write(request);
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Reads answers off the stream: status line, Content-Length, then that many bytes. */
  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const headerEnd = this.buffered.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = this.buffered.toString("latin1", 0, headerEnd);
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) {
        this.finish({ error: "an answer without Content-Length" });
        this.socket.destroy();
        return;
      }
      const end = headerEnd + HEADER_END.length + Number(length[1]);
      if (this.buffered.length < end) return;
      this.buffered = this.buffered.subarray(end);
      this.finish({ status });
    }
  }

  private finish(result: Answer): void {
    const done = this.current;
    this.current = null;
    done?.(result);
    if (!this.gone) this.events.free();
  }
}
