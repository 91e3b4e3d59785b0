/**
 * A stand-in for the Twilio REST API on 127.0.0.1 (node:http) that records each call, so SMS sending is
 * tested over HTTP as in production. It answers 201 like Twilio, or `status` when a test sets another.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioCall = {
  method: string;
  path: string;
  /** The HTTP basic credentials, decoded ("user:password"), or undefined when none were sent. */
  basicAuth: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
};

export type FakeTwilio = {
  /** The TWILIO_API_URL to configure. */
  url: string;
  calls: TwilioCall[];
  /** The HTTP status of the next answers: 201 (accepted) unless a test says otherwise. */
  status: number;
  close(): Promise<void>;
};

export function startFakeTwilio(): Promise<FakeTwilio> {
  const calls: TwilioCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const authorization = req.headers.authorization ?? '';
      calls.push({
        method: req.method ?? '',
        path: req.url ?? '',
        basicAuth: authorization.startsWith('Basic ')
          ? Buffer.from(authorization.slice(6), 'base64').toString('utf8')
          : undefined,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      const body =
        fake.status < 300
          ? { sid: `SM${calls.length}`, status: 'queued' }
          : { code: 20500, message: 'Internal Server Error', status: fake.status };
      res.writeHead(fake.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  const fake: FakeTwilio = {
    url: '',
    calls,
    status: 201,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(fake);
    });
  });
}
