/** The banners of the account and business forms (SPEC §4, §8, §2.3): one look for every form. */
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** SPEC §4, §8: a failed call's text in a red banner the user can dismiss; announced when it appears. */
export function ErrorBanner({ error, onClose }: { error: string | null; onClose: () => void }) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      mb="md"
    >
      {error}
    </Alert>
  );
}

/** SPEC §2.3: the server's success message in a green banner. */
export function SuccessBanner({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  if (!children) return null;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      mb="md"
    >
      {children}
    </Alert>
  );
}
