import { Progress, Text } from '@mantine/core';
import { formatFileSize, type FileUsage } from '@app/contracts';
import { usedPercent } from './upload-check';
import classes from './files.module.css';

/** How much of the quota the files use: a bar, and the same in words for everyone. */
export function StorageMeter({ usage }: { usage: FileUsage }) {
  const percent = usedPercent(usage);
  const files = usage.fileCount === 1 ? '1 file' : `${usage.fileCount} files`;
  return (
    <div className={classes.meter}>
      <Text size="sm" fw={600} mb={4}>
        {`Storage used: ${formatFileSize(usage.usedBytes)} of ${formatFileSize(usage.quotaBytes)} (${files})`}
      </Text>
      <Progress
        value={percent}
        size="lg"
        color={percent >= 90 ? 'red.8' : 'teal.8'}
        aria-label="Storage used"
      />
    </div>
  );
}
