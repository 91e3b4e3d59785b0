import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

type Props = { title: string; opened?: boolean; onClose: () => void; children: ReactNode };

/**
 * A dialog of the signed-in screens: centred, titled, closed by Escape, its close button or the overlay. Its
 * header is a div, not Mantine's <header>: the page already has its banner landmark.
 */
export function BusinessDialog({ title, opened = true, onClose, children }: Props) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered lang="en">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
