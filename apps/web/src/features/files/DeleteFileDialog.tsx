import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { BusinessDialog } from '../../components/BusinessDialog';
import { formatFileSize, type UserFile } from '@app/contracts';

type Props = {
  /** The file to confirm the deletion of; null when the dialog is closed. */
  file: UserFile | null;
  onCancel: () => void;
  onConfirm: (file: UserFile) => void;
};

/**
 * Asks before deleting a file, which cannot be taken back. Escape, the close button and Cancel all keep
 * the file; Cancel has the focus, so Enter does not delete by accident.
 */
export function DeleteFileDialog({ file, onCancel, onConfirm }: Props) {
  // The file stays written while the dialog fades out after an answer.
  const [shown, setShown] = useState(file);
  if (file && file !== shown) setShown(file);
  return (
    <BusinessDialog title="Delete this file?" opened={file !== null} onClose={onCancel}>
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
        <span dir="auto">{`"${shown?.name ?? ''}"`}</span>
        {` (${formatFileSize(shown?.sizeBytes ?? 0)}) will be deleted for good.`}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color="red.9" onClick={() => file && onConfirm(file)}>
          Delete file
        </Button>
      </Group>
    </BusinessDialog>
  );
}
