/**
 * A file written for one answer (the customer report, the invoices' Excel export), sent with its length known so
 * the browser shows a true percentage, and removed once sent or when the client goes away before the end.
 */
import fs from 'node:fs';
import type { FastifyReply } from 'fastify';

export type TemporaryFile = { file: string; size: number; remove: () => void };

export function sendTemporaryFile(reply: FastifyReply, written: TemporaryFile, contentType: string) {
  const stream = fs.createReadStream(written.file);
  stream.once('close', written.remove);
  reply.raw.once('close', written.remove);
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', String(written.size))
    .send(stream);
}

/** The headers that name a download (File-Name is read by the web app, Content-Disposition by browsers). */
export function namedDownload(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('File-Name', fileName)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
}
