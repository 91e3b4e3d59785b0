import { useRef, useState } from 'react';
import { Button, FileButton, Progress, Text } from '@mantine/core';
import { FILE_INPUT_ACCEPT, type FileUsage } from '@app/contracts';
import { ErrorBanner } from '../../components/FormBanners';
import { notify } from '../../lib/notify';
import { useFormError } from '../../lib/error-notice';
import { uploadProblem } from './upload-check';
import { UploadCanceled, uploadFile } from './upload-file';
import classes from './files.module.css';

type Upload = { name: string; percent: number; controller: AbortController };

/**
 * Choosing a file uploads it at once, with the share sent so far and a way to stop. A file the page can
 * already tell is refused (too large, no kept type, no room left) is not sent. A failure shows in a banner
 * and as a notification, like the business forms.
 */
export function UploadControl({ usage }: { usage: FileUsage | undefined }) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const failure = useFormError();
  const resetChooser = useRef<() => void>(null);

  const start = async (file: File | null) => {
    // Forgets the choice in the file input, so choosing the same file again is noticed.
    resetChooser.current?.();
    if (!file || upload) return;
    failure.clear();
    const problem = uploadProblem(file, usage);
    if (problem) {
      failure.show(new Error(problem));
      return;
    }
    const controller = new AbortController();
    setUpload({ name: file.name, percent: 0, controller });
    try {
      const answer = await uploadFile(file, {
        signal: controller.signal,
        onProgress: (percent) => setUpload((current) => current && { ...current, percent }),
      });
      notify('success', `"${answer.data?.file.name ?? file.name}" uploaded.`);
    } catch (error) {
      if (error instanceof UploadCanceled) notify('info', error.message);
      else failure.show(error);
    } finally {
      setUpload(null);
    }
  };

  return (
    <div>
      <ErrorBanner error={failure.error} onClose={failure.clear} />
      <div className={classes.upload}>
        <FileButton onChange={(file) => void start(file)} accept={FILE_INPUT_ACCEPT} resetRef={resetChooser}>
          {(props) => (
            <Button
              {...props}
              // Not disabled while a file is sent: the button keeps the keyboard focus.
              onClick={upload ? undefined : props.onClick}
              aria-disabled={upload !== null}
            >
              Upload a file
            </Button>
          )}
        </FileButton>
        {upload && (
          <>
            <div className={classes.uploadProgress}>
              <Progress value={upload.percent} size="lg" aria-label={`Uploading ${upload.name}`} />
              <Text size="xs" role="status">{`Uploading… ${upload.percent}%`}</Text>
            </div>
            <Button variant="default" onClick={() => upload.controller.abort()}>
              Cancel upload
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
