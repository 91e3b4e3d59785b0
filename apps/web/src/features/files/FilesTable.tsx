import { Button, Table } from '@mantine/core';
import { fileTypeLabel, formatFileSize, type UserFile } from '@app/contracts';
import { ScrollTable } from '../../components/ScrollTable';
import classes from './files.module.css';

const UPLOADED_AT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When a file was uploaded, in the browser's time zone: "Mar 5, 2026, 2:07 PM". */
export function formatUploadedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : UPLOADED_AT.format(date);
}

type Props = {
  files: UserFile[];
  /** Ids of the files being downloaded or deleted: their buttons wait. */
  busy: ReadonlySet<number>;
  onDownload: (file: UserFile) => void;
  onDelete: (file: UserFile) => void;
};

/**
 * The files, newest first: Name, Type (found from the bytes), Size, Uploaded, and the Download and Delete
 * buttons, named after their file for screen readers. A name in Arabic or Hebrew reads in its own direction.
 */
export function FilesTable({ files, busy, onDownload, onDelete }: Props) {
  return (
    <ScrollTable
      caption={`Your files, newest first: ${files.length === 1 ? '1 file' : `${files.length} files`}`}
      head={
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Size</Table.Th>
          <Table.Th scope="col">Uploaded</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      }
    >
      {files.map((file) => {
        const waiting = busy.has(file.id);
        return (
          <Table.Tr key={file.id}>
            <Table.Td>
              <span className={classes.name} dir="auto">
                {file.name}
              </span>
            </Table.Td>
            <Table.Td className={classes.nowrap}>{fileTypeLabel(file.mediaType)}</Table.Td>
            <Table.Td className={classes.nowrap}>{formatFileSize(file.sizeBytes)}</Table.Td>
            <Table.Td className={classes.nowrap}>{formatUploadedAt(file.createdAt)}</Table.Td>
            <Table.Td>
              <div className={classes.actions}>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => !waiting && onDownload(file)}
                  aria-disabled={waiting}
                  aria-label={`Download ${file.name}`}
                >
                  Download
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => !waiting && onDelete(file)}
                  aria-disabled={waiting}
                  aria-label={`Delete ${file.name}`}
                >
                  Delete
                </Button>
              </div>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollTable>
  );
}
