import { useCallback, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

type Question = { title: string; message: string; confirmLabel: string };
type Pending = Question & { resolve: (confirmed: boolean) => void };

/**
 * Asks before a change that cannot be taken back by the same person (locking oneself out): `ask` opens a
 * dialog and resolves with the answer; `dialog` is the element to render. Escape, the close button and
 * Cancel all answer no. Focus is kept inside the dialog and returns where it was afterwards.
 */
export function useConfirmation() {
  const [pending, setPending] = useState<Pending | null>(null);

  const ask = useCallback(
    (question: Question) => new Promise<boolean>((resolve) => setPending({ ...question, resolve })),
    [],
  );
  const answer = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  const dialog = (
    <Modal
      opened={pending !== null}
      onClose={() => answer(false)}
      title={pending?.title}
      centered
      lang="en"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{pending?.message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => answer(false)} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={() => answer(true)}>
          {pending?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );

  return { ask, dialog };
}
