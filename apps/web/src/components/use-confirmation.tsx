import { useCallback, useState, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { BusinessDialog } from './BusinessDialog';

export type Question = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** 'Cancel' unless the way back deserves its own words ('Change the date'). */
  cancelLabel?: string;
  /** A change that cannot be taken back (leaving, removing someone): its button is red. */
  danger?: boolean;
};
type Pending = Question & { resolve: (confirmed: boolean) => void };

/**
 * Asks before a change: one that cannot be taken back by the same person (locking oneself out), or one that looks
 * like a slip (an invoice dated years ahead, a customer e-mail already in use). `ask` opens a dialog and resolves
 * with the answer; `dialog` is the element to render. Escape, the close button and the way back all answer no.
 * Focus starts on the way back, is kept inside the dialog and returns where it was afterwards.
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
    <BusinessDialog opened={pending !== null} onClose={() => answer(false)} title={pending?.title ?? ''}>
      <Text mb="lg">{pending?.message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => answer(false)} data-autofocus>
          {pending?.cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={pending?.danger ? 'red' : undefined} onClick={() => answer(true)}>
          {pending?.confirmLabel}
        </Button>
      </Group>
    </BusinessDialog>
  );

  return { ask, dialog };
}
