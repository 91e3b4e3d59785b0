/**
 * Downloading and deleting files from the list. A deletion is asked first (DeleteFileDialog); a file
 * being downloaded or deleted is marked busy so its buttons wait. Failures are notified as on every
 * business screen; the list itself refreshes through the cache rules (a write or a download clears it).
 */
import { useCallback, useState } from 'react';
import type { UserFile } from '@app/contracts';
import { notify } from '../../lib/notify';
import { notifyFailure } from '../../lib/error-notice';
import { downloadFile } from './download-file';
import { deleteFile } from './files-api';

export function useFileActions() {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<UserFile | null>(null);

  const whileBusy = useCallback(async (file: UserFile, task: () => Promise<void>) => {
    setBusy((ids) => new Set(ids).add(file.id));
    try {
      await task();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy((ids) => {
        const rest = new Set(ids);
        rest.delete(file.id);
        return rest;
      });
    }
  }, []);

  const download = (file: UserFile) =>
    void whileBusy(file, async () => {
      await downloadFile(file);
      notify('default', 'Downloading file...');
    });

  const confirmDelete = (file: UserFile) => {
    setConfirming(null);
    void whileBusy(file, async () => {
      await deleteFile(file.id);
      notify('success', `"${file.name}" deleted.`);
    });
  };

  return {
    busy,
    download,
    /** The file whose deletion is being asked, for the dialog. */
    confirming,
    askDelete: setConfirming,
    cancelDelete: () => setConfirming(null),
    confirmDelete,
  };
}
