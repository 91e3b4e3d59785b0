import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { theme } from '../app/theme';
import { NOTIFICATION_SETTINGS, notify } from './notify';

function renderNotifications() {
  return render(
    <MantineProvider theme={theme}>
      <Notifications {...NOTIFICATION_SETTINGS} transitionDuration={0} />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('notify', () => {
  it('uses the settings of SPEC §9', () => {
    expect(NOTIFICATION_SETTINGS).toEqual({ position: 'bottom-left', autoClose: 5000, limit: 4 });
  });

  it('shows at most four at once, the rest waiting their turn', async () => {
    renderNotifications();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) notify('info', `Message ${n}`);
    });
    expect(await screen.findByText('Message 4')).toBeTruthy();
    expect(screen.queryByText('Message 5')).toBeNull();
  });

  it('hides a notification after 5000 ms', async () => {
    vi.useFakeTimers();
    renderNotifications();
    act(() => {
      notify('success', 'Saved');
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Saved')).not.toBeNull();
    // 5000 ms reached: the notification leaves (its exit transition takes a few more ticks).
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('is dismissed by its close button and by a click on it', async () => {
    renderNotifications();
    act(() => {
      notify('error', 'Failed once');
      notify('warning', 'Careful');
    });
    const closeButtons = await screen.findAllByRole('button');
    act(() => fireEvent.click(closeButtons[0] as HTMLElement));
    act(() => fireEvent.click(screen.getByText('Careful')));
    await waitFor(() => {
      expect(screen.queryByText('Failed once')).toBeNull();
      expect(screen.queryByText('Careful')).toBeNull();
    });
  });
});
