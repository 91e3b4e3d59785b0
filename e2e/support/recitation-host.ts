/**
 * A recitation host on this machine, for the product started with AUDIO_BASE_URL pointing at it: every
 * `….mp3` address answers a generated clip, open to other origins as the public host is, and each address
 * asked is recorded. The tests never reach the real recitation host.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wavClip } from './audio';

export type RecitationHost = { url: string; requested: string[]; stop(): Promise<void> };

export async function startRecitationHost(seconds = 0.5): Promise<RecitationHost> {
  const clip = wavClip(seconds);
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    requested.push(request.url ?? '');
    response.setHeader('access-control-allow-origin', '*');
    if (!request.url?.endsWith('.mp3')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': clip.length }).end(clip);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/audio`,
    requested,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
