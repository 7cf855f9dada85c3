import net from "node:net";

/**
 * A TCP relay in front of a shared service (PostgreSQL, Redis) that this suite can
 * break without touching the service itself, which other engineers use too:
 * `cut()` makes it unreachable (connections reset, new ones refused), `pause()` holds
 * every byte in flight (a request stuck mid-way), `restore()` brings it back on the
 * same port.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private paused = false;
  private readonly held: (() => void)[] = [];
  /** The port clients connect to; stays the same across `cut()`/`restore()`. */
  port = 0;
  /** Connections relayed so far. */
  accepted = 0;

  private constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  /** Starts a relay to `target` (`host:port` or a URL with both). */
  static async start(target: string): Promise<TcpProxy> {
    const url = new URL(target.includes("://") ? target : `tcp://${target}`);
    const proxy = new TcpProxy(url.hostname, Number(url.port));
    await proxy.listen();
    return proxy;
  }

  /** `url` with its host and port replaced by this relay's. */
  rewrite(url: string): string {
    const rewritten = new URL(url);
    rewritten.hostname = "127.0.0.1";
    rewritten.port = String(this.port);
    return rewritten.toString();
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.relay(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private relay(client: net.Socket) {
    this.accepted++;
    const upstream = net.connect(this.targetPort, this.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on("data", (chunk: Buffer) => {
        const write = () => {
          if (!to.destroyed) to.write(chunk);
        };
        if (this.paused) this.held.push(write);
        else write();
      });
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on("error", close);
      socket.on("close", close);
    }
  }

  /** Holds every byte from now on, both ways, until `resume()`. */
  pause() {
    this.paused = true;
  }

  /** Delivers what was held and relays again. */
  resume() {
    this.paused = false;
    for (const write of this.held.splice(0)) write();
  }

  /** The service becomes unreachable: open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    this.held.length = 0;
    this.paused = false;
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  /** The service is reachable again, on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  /** Stops the relay for good. */
  async close(): Promise<void> {
    await this.cut();
  }
}
