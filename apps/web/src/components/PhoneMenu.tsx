import type { ReactNode } from 'react';
import { Drawer, Stack } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import { NavLinks } from './NavLinks';

type Props = {
  onClose: () => void;
  /** What the panel lists (given the function that closes it); by default the plain bar's links. */
  children?: (close: () => void) => ReactNode;
};

/** The menu of a phone-sized screen: the same links in a panel that slides in from the right. */
export default function PhoneMenu({ onClose, children }: Props) {
  return (
    <Drawer
      opened
      onClose={onClose}
      title="Menu"
      position="right"
      size="xs"
      closeButtonProps={{ 'aria-label': 'Fermer le menu' }}
    >
      <nav aria-label="Navigation principale (mobile)">
        <Stack gap="xs">{children ? children(onClose) : <NavLinks onNavigate={onClose} />}</Stack>
      </nav>
    </Drawer>
  );
}
