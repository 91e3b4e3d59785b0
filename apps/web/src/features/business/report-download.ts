/**
 * The customer report download (SPEC §2.3, §4, §7): GET /api/customer/download/report through lib/http's
 * download (the token, the session and the cache rules of every call), read as a stream so the progress is a
 * true percentage of its Content-Length, and named by its File-Name header.
 */
import { apiDownload } from '../../lib/http/api-client';
import type { DownloadProgress } from '../../lib/http/transfer-progress';
import { REPORT_URL } from './business-api';

/** The report's usual name (the contracts' CUSTOMER_REPORT_FILE_NAME; not imported, as that module holds schemas). */
export const REPORT_FILE_NAME = 'customer-report.xlsx';

/** Downloads the report; rejects with an ApiError whose message is SPEC §8's text. */
export async function downloadReport(
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ fileName: string; blob: Blob }> {
  const { blob, fileName } = await apiDownload(REPORT_URL, { onProgress });
  return { fileName: fileName ?? REPORT_FILE_NAME, blob };
}
