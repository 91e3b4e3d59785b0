/**
 * A TCP proxy in front of the PostgreSQL server that can cut the database off at one exact moment: once armed, as
 * soon as the server has acknowledged that an INSERT was committed (its CommandComplete "INSERT …", then the
 * ReadyForQuery that says no transaction is open any more), it forwards that acknowledgement, then ends every
 * connection and refuses new ones until restored. What the API does after that commit meets a dead database.
 */
import net from 'node:net';

export type CuttingProxy = {
  /** The port to connect to instead of the server's. */
  port: number;
  /** Cut after the next committed INSERT; resolves once cut. */
  armAfterCommittedInsert(): Promise<void>;
  /** Accept connections again. */
  restore(): void;
  close(): Promise<void>;
};

/** Follows the server's messages on one connection (type byte, then a length that counts itself). */
function serverMessages(onMessage: (type: string, body: Buffer) => void) {
  let pending = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 1 + length) return;
      onMessage(String.fromCharCode(pending[0] ?? 0), pending.subarray(5, 1 + length));
      pending = pending.subarray(1 + length);
    }
  };
}

export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let armed: (() => void) | undefined;

  const cutAll = () => {
    down = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    for (const socket of [client, upstream]) {
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    let insertDone = false;
    let cutAfterThisChunk: (() => void) | undefined;
    const follow = serverMessages((type, body) => {
      if (type === 'C') insertDone ||= body.toString('latin1').startsWith('INSERT');
      if (type !== 'Z' || body[0] !== 0x49) return;
      // ReadyForQuery 'I': idle, so the INSERT's transaction (or its implicit one) has been committed.
      if (insertDone && armed) {
        cutAfterThisChunk = armed;
        armed = undefined;
      }
      insertDone = false;
    });
    upstream.on('data', (chunk: Buffer) => {
      follow(chunk);
      const cut = cutAfterThisChunk;
      cutAfterThisChunk = undefined;
      // The acknowledgement reaches the API first; the connections end right after it.
      client.write(chunk, () => {
        if (!cut) return;
        cutAll();
        cut();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    armAfterCommittedInsert: () =>
      new Promise<void>((resolve) => {
        armed = resolve;
      }),
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}
