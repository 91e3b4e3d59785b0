import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACCEPTED_FILE_SUMMARY, FILE_MAX_BYTES, FILE_QUOTA_BYTES, formatFileSize } from '@app/contracts';
import { PageTitle } from '../../components/PageTitle';
import { ScreenStateView } from '../../components/ScreenStateView';
import { answerScreen } from '../../lib/answer-screen';
import { useNotifiedError } from '../../lib/use-notified-error';
import { DeleteFileDialog } from './DeleteFileDialog';
import { FilesTable } from './FilesTable';
import { filesQuery } from './files-api';
import { StorageMeter } from './StorageMeter';
import { UploadControl } from './UploadControl';
import { useFileActions } from './use-file-actions';
// The styles of the components this screen adds to those of every page, in the order Mantine requires
// (Overlay and ModalBase before Modal). They load with this screen only.
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import classes from './files.module.css';

/**
 * /files, Mes Fichiers (decision 0011): the signed-in user's own documents. How much of the quota they
 * use, an upload with its progress, and the list, newest first, with a download and a delete (asked
 * first) per file. Only the owner reaches a file: the server answers every call for the caller alone.
 */
export function FilesPage() {
  const query = useQuery(filesQuery());
  useNotifiedError(query.error);
  const actions = useFileActions();
  const usage = query.data?.data?.usage;

  return (
    <div lang="en" className={classes.area}>
      <PageTitle>Mes Fichiers</PageTitle>
      <Text mb="md">
        {`Keep your documents here, for you alone: ${ACCEPTED_FILE_SUMMARY}, up to ${formatFileSize(FILE_MAX_BYTES)} ` +
          `each and ${formatFileSize(FILE_QUOTA_BYTES)} in all.`}
      </Text>
      <div className={classes.toolbar}>
        {usage && <StorageMeter usage={usage} />}
        <UploadControl usage={usage} />
      </div>
      <ScreenStateView screen={answerScreen(query)} loadingLabel="Loading your files">
        {({ files }) =>
          files.length === 0 ? (
            <Text className={classes.empty}>No files yet. Upload one to keep it here.</Text>
          ) : (
            <FilesTable
              files={files}
              busy={actions.busy}
              onDownload={actions.download}
              onDelete={actions.askDelete}
            />
          )
        }
      </ScreenStateView>
      <DeleteFileDialog
        file={actions.confirming}
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmDelete}
      />
    </div>
  );
}
