import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import type { ScreenState } from '../lib/screen-state';

type Props<T> = {
  screen: ScreenState<T>;
  /** What the loader announces to screen readers. */
  loadingLabel: string;
  children: (data: T) => ReactNode;
};

/** Draws the three states of a screen load: a spinner, the content, or the error text. */
export function ScreenStateView<T>({ screen, loadingLabel, children }: Props<T>) {
  switch (screen.state) {
    case 'LOADING':
      return (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label={loadingLabel} />
        </Center>
      );
    case 'ERROR':
      return (
        <Alert color="red" role="alert">
          {screen.error}
        </Alert>
      );
    case 'LOADED':
      return <>{children(screen.data)}</>;
  }
}
