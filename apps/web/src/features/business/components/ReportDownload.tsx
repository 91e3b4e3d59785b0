import { useState } from 'react';
import { ActionIcon, Loader, Progress, Text } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import type { DownloadProgress } from '../../../lib/http/transfer-progress';
import { downloadReport } from '../report-download';
import { ExcelIcon } from './ExcelIcon';
import classes from '../../../components/business.module.css';

type Props = {
  /** What to do with a failure: notified on most screens, shown on the page on /home (SPEC §8). */
  onError: (error: unknown) => void;
};

/**
 * The Excel icon that downloads the customer report (SPEC §2.3, §4): a progress bar with the true
 * percentage while it arrives, then the notification 'Downloading file...' and the file saved.
 */
export function ReportDownload({ onError }: Props) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const start = async () => {
    if (progress) return;
    setProgress({ received: 0, total: undefined, percent: undefined });
    try {
      const { fileName, blob } = await downloadReport(setProgress);
      notify('default', 'Downloading file...');
      saveFile(blob, fileName);
    } catch (error) {
      onError(error);
    } finally {
      setProgress(null);
    }
  };

  const percent = progress?.percent;
  return (
    <div className={`${classes.report} ${classes.noPrint}`}>
      <ActionIcon
        variant="default"
        size={44}
        onClick={() => void start()}
        // Not disabled: the button keeps the keyboard focus while the file arrives.
        aria-disabled={progress !== null}
        aria-label="Download the customer report (Excel)"
        title="Download the customer report (Excel)"
      >
        <ExcelIcon />
      </ActionIcon>
      {progress && (
        <div className={classes.reportProgress}>
          {percent === undefined ? (
            // Without a Content-Length there is no percentage to show, only what arrived.
            <Loader size="xs" aria-label="Report download" />
          ) : (
            <Progress value={percent} aria-label="Report download" size="lg" />
          )}
          <Text size="xs">
            {percent === undefined
              ? `Downloading report… ${Math.round(progress.received / 1024)} KB`
              : `Downloading report… ${percent}%`}
          </Text>
        </div>
      )}
    </div>
  );
}
