/**
 * What the page can tell about a chosen file before sending it, from the limits the server enforces
 * (decision 0011): empty, too large, not a kept type by its name, or more than the space left. The server
 * checks the bytes again, and the type from the content; this only spares sending a file bound to be refused.
 */
import {
  ACCEPTED_FILE_SUMMARY,
  FILE_MAX_BYTES,
  acceptedTypeForName,
  formatFileSize,
  type FileUsage,
} from '@app/contracts';

export function uploadProblem(
  file: { name: string; size: number },
  usage: FileUsage | undefined,
): string | undefined {
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (file.size > FILE_MAX_BYTES) {
    return `"${file.name}" is ${formatFileSize(file.size)}: a file can be up to ${formatFileSize(FILE_MAX_BYTES)}.`;
  }
  if (!acceptedTypeForName(file.name)) {
    return `"${file.name}" is not a type of file kept here. Accepted: ${ACCEPTED_FILE_SUMMARY}.`;
  }
  if (!usage) return undefined;
  if (usage.fileCount >= usage.maxFiles) {
    return `You already keep ${usage.maxFiles} files, the most allowed. Delete some files first.`;
  }
  const free = Math.max(0, usage.quotaBytes - usage.usedBytes);
  if (file.size > free) {
    return (
      `Not enough space left: "${file.name}" needs ${formatFileSize(file.size)} and ` +
      `${formatFileSize(free)} of your ${formatFileSize(usage.quotaBytes)} are free. Delete some files first.`
    );
  }
  return undefined;
}

/** The share of the quota used, as a whole percentage for the meter (a little use still shows as 1%). */
export function usedPercent(usage: Pick<FileUsage, 'usedBytes' | 'quotaBytes'>): number {
  if (usage.quotaBytes <= 0 || usage.usedBytes <= 0) return 0;
  return Math.min(100, Math.max(1, Math.round((usage.usedBytes / usage.quotaBytes) * 100)));
}
