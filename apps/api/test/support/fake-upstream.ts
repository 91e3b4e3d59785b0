/**
 * A stand-in for a public content service (alquran.cloud, HadeethEnc) on 127.0.0.1, so upstream mode is
 * tested without the internet. Each test file says how it answers; this records the calls and can leave
 * a request unanswered to test timeouts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { testConfig } from './test-app.js';

export type FakeReply = {
  json(status: number, body: unknown): void;
  /** Never answers (until close), as a service that hangs. */
  hang(): void;
};

export type FakeUpstream = {
  /** The base address to configure, `basePath` included. */
  url: string;
  /** Path and query of every request received, in order. */
  calls: string[];
  close(): Promise<void>;
};

export function startFakeUpstream(
  basePath: string,
  answer: (url: URL, reply: FakeReply) => void,
): Promise<FakeUpstream> {
  const calls: string[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${url.pathname}${url.search}`);
    answer(url, {
      json: (status, body) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      hang: () => hanging.push(res),
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}${basePath}`,
        calls,
        close: () =>
          new Promise<void>((done) => {
            for (const res of hanging) res.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Runs `use` with an app of its own on `database` that reads the Quran and hadith texts from upstream (the settings
 * of `env` name where), and closes it afterwards.
 */
export async function withUpstreamApp(
  database: DatabaseHandle,
  env: Record<string, string>,
  use: (app: App) => Promise<void>,
): Promise<void> {
  const app = await buildApp({ config: testConfig({ CONTENT_SOURCE: 'upstream', ...env }), database });
  try {
    await use(app);
  } finally {
    await app.close();
  }
}
