/**
 * Stands in for XMLHttpRequest in the upload tests: records what is sent and lets the test report the
 * upload's progress and answer it, step by step, as the server would.
 */
export class FakeUploadRequest {
  static sent: FakeUploadRequest[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeUploadRequest.sent.push(this);
  }

  abort() {
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, envelope: Record<string, unknown>) {
    this.status = status;
    this.responseText = JSON.stringify({
      timeStamp: new Date().toISOString(),
      statusCode: status,
      ...envelope,
    });
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }

  /** The file sent in the field "file". */
  get file(): File | undefined {
    const value = this.body?.get('file');
    return value instanceof File ? value : undefined;
  }
}

/** The n-th request sent (from 0), once the code under test has sent it. */
export async function sentUpload(index = 0): Promise<FakeUploadRequest> {
  for (let i = 0; i < 100; i++) {
    const request = FakeUploadRequest.sent[index];
    if (request) return request;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`upload ${index} was not sent`);
}
