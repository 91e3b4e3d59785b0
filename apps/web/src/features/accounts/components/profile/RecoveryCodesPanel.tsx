import { useEffect, useRef } from 'react';
import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { notify } from '../../../../lib/notify';
import { useFormError } from '../../../../lib/error-notice';
import { ErrorBanner } from '../../../../components/FormBanners';

const FILE_NAME = 'coran-hadith-recovery-codes.txt';

/** The text copied or downloaded: the codes, and what they are for (a file found later must explain itself). */
function codesText(email: string, codes: string[]): string {
  return [
    `Coran-Hadith recovery codes for ${email}`,
    'Each code logs you in once, in place of the code of your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

type Props = {
  email: string;
  codes: string[];
  /** "I have saved them": the codes leave the screen, and cannot be shown again. */
  onDone: () => void;
};

/**
 * The recovery codes, in clear this once: the server keeps only their hashes. They can be copied or downloaded as
 * a text file; the panel stays until the user says they have saved them.
 */
export function RecoveryCodesPanel({ email, codes, onDone }: Props) {
  const report = useFormError();
  const alert = useRef<HTMLDivElement>(null);
  // The view changed under the user's hands: the focus goes to what it now says.
  useEffect(() => alert.current?.focus(), []);

  const copy = async () => {
    report.clear();
    try {
      await navigator.clipboard.writeText(codesText(email, codes));
      notify('success', 'Recovery codes copied');
    } catch {
      report.show(new Error('The codes could not be copied. Download them or write them down instead.'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(email, codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Save your recovery codes now" ref={alert} tabIndex={-1}>
        Each code logs you in once if you no longer have your authenticator app. They are shown only this
        once: keep them somewhere safe, away from your phone.
      </Alert>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <List type="ordered" aria-label="Recovery codes" ff="monospace" spacing={2}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="default" onClick={download}>
          Download
        </Button>
      </Group>
      <div>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </Stack>
  );
}
