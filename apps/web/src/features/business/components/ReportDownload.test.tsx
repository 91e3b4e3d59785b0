import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../test/render';
import { ReportDownload } from './ReportDownload';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

/** A report of 1000 bytes that arrives in two halves, the second when the test says so. */
function slowReport() {
  let sendRest: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(500));
      sendRest = () => {
        controller.enqueue(new Uint8Array(500));
        controller.close();
      };
    },
  });
  const response = new Response(body, {
    headers: { 'Content-Length': '1000', 'File-Name': 'customer-report.xlsx' },
  });
  return { response, sendRest: () => sendRest() };
}

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportDownload', () => {
  it('shows the true percentage, then notifies and saves the file under its name', async () => {
    const report = slowReport();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => report.response),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderRoutes([{ path: PATHS.dashboard, element: <ReportDownload onError={vi.fn()} /> }], PATHS.dashboard);

    fireEvent.click(screen.getByRole('button', { name: 'Download the customer report (Excel)' }));
    const bar = await screen.findByRole('progressbar', { name: 'Report download' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Downloading report… 50%')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();

    report.sendRest();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('default', 'Downloading file...'));
    expect(clicked).toEqual(['customer-report.xlsx']);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('hands a failure to the screen, which decides how to show it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ reason: 'Unable to export report file' }), { status: 500 }),
      ),
    );
    const onError = vi.fn();
    renderRoutes([{ path: PATHS.dashboard, element: <ReportDownload onError={onError} /> }], PATHS.dashboard);
    fireEvent.click(screen.getByRole('button', { name: 'Download the customer report (Excel)' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect((onError.mock.calls[0]?.[0] as Error).message).toBe('Unable to export report file');
    expect(notify).not.toHaveBeenCalled();
  });
});
