/**
 * One upload to the application API that reports how much of its body has left: fetch cannot tell, so this
 * exchange uses XMLHttpRequest, with the same headers and the same reading of the answer as exchange.ts.
 */
import type { MessageAnswer } from '@app/contracts';
import { ApiError, CallCanceled, networkErrorMessage } from './api-error';
import { callHeaders, envelopeOf, failureOf, parseBody } from './exchange';
import { sentPercent } from './transfer-progress';

export type UploadOptions = {
  /** The whole percentage sent so far, from 0; 100 only once the last byte has left. */
  onProgress: (percent: number) => void;
  /** Aborting it stops the upload, which then rejects with CallCanceled. */
  signal?: AbortSignal;
};

/** POSTs the form; resolves with the envelope, or rejects with an ApiError or CallCanceled. */
export function uploadEnvelope<A extends MessageAnswer>(
  url: string,
  form: FormData,
  bearer: string | null,
  { onProgress, signal }: UploadOptions,
): Promise<A> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CallCanceled());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(callHeaders('POST', url, bearer))) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(sentPercent(event.loaded, event.total));
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      try {
        if (request.status < 200 || request.status >= 300) throw failureOf(request.status, body);
        resolve(envelopeOf<A>(request.status, body));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () =>
      reject(new ApiError(networkErrorMessage(new Error('the upload was interrupted')), 0));
    request.onabort = () => reject(new CallCanceled());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    onProgress(0);
    request.send(form);
  });
}
