/**
 * How far a file being sent or received has gone, as the progress bars show it: a whole percentage that
 * reaches 100 only with the last byte.
 */

export type DownloadProgress = {
  received: number;
  /** The Content-Length, when the server sent one. */
  total: number | undefined;
  /** 0–100, or undefined when the total is unknown. */
  percent: number | undefined;
};

/** The whole percentage of a known total; never 100 before the last byte, never more than 100. */
export function progressPercent(done: number, total: number | undefined): number | undefined {
  if (total === undefined || !Number.isFinite(total) || total <= 0) return undefined;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** An upload's percentage: a body of no length has nothing left to send. */
export function sentPercent(sent: number, total: number): number {
  return progressPercent(sent, total) ?? 100;
}

/** The Content-Length header as a number, when there is a sensible one. */
export function contentLengthOf(headers: Headers): number | undefined {
  const value = Number(headers.get('Content-Length'));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Reads a response body to the end, telling each step of the way how much arrived. */
export async function readWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const total = contentLengthOf(response.headers);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total, percent: 100 });
    return new Blob([blob], { type });
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total, percent: progressPercent(received, total) });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total, percent: progressPercent(received, total) });
  }
  onProgress({ received, total: total ?? received, percent: 100 });
  return new Blob(chunks, { type });
}
