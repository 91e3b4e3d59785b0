/**
 * A server of this product as a child process on a free port of 127.0.0.1, with its own empty data folder,
 * resolved once its health check answers. The one way the build's prerendering, the browser tests, the
 * benchmarks and the API's process tests start a server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type ServerProcess = {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** What the process printed, when started with `output: 'capture'`. */
  output: () => string;
  /** SIGTERM, then waits for the exit and removes the data folder it made. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown, no chance to finish anything. */
  kill: () => Promise<void>;
};

export type ServerOptions = {
  /** What node runs: a script and its flags, e.g. ['scripts/start.mjs']. */
  args: string[];
  cwd: string;
  /** Added to this process's environment, after PORT, HOST, DATA_DIR and PUBLIC_URL. */
  env?: Record<string, string>;
  /** A data folder the caller owns (kept at the end); by default a new empty one, removed at the end. */
  dataDir?: string;
  /** 'inherit' shows the server's log with this process's; 'capture' keeps it for an error message. */
  output?: 'inherit' | 'capture';
};

const HEALTH_TIMEOUT_MS = 60_000;

/** A TCP port free on 127.0.0.1 at the time of the call. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  const capture = options.output === 'capture';
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The address the browser uses, as in a deployment: links and profile pictures are built from it.
      PUBLIC_URL: baseUrl,
      ...options.env,
    },
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  for (const deadline = Date.now() + HEALTH_TIMEOUT_MS; ;) {
    if (child.exitCode !== null) {
      await end('SIGKILL');
      throw new Error(`the server exited with code ${child.exitCode} before answering\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`the server did not answer its health check within ${HEALTH_TIMEOUT_MS} ms\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    dataDir,
    child,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
