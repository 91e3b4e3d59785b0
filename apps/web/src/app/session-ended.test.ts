import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { ApiError } from '../lib/http/api-error';
import { announceSessionEnded } from '../lib/http/session-events';
import { showEndedSessions } from './session-ended';

vi.mock('../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../lib/notify');

const refused = () => new ApiError('Your session has expired. Please log in again.', 401);

/** A router showing `path`, listened to as the app does. */
function routerAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: [path] });
  const stop = showEndedSessions(router);
  return { router, stop };
}

beforeEach(() => vi.mocked(notify).mockClear());

describe('showEndedSessions', () => {
  it('shows the error once and opens /login, remembering where the user was', async () => {
    const { router, stop } = routerAt('/customers?page=2#top');
    const error = refused();
    // Five calls shared the refused refresh.
    for (let i = 0; i < 5; i++) announceSessionEnded({ error, mode: 'redirect' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/customers?page=2#top' });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('error', 'Your session has expired. Please log in again.');
    expect(error.reported).toBe(true);
    stop();
  });

  it('shows nothing and stays for a caller that asked for quiet', async () => {
    const { router, stop } = routerAt('/coran');
    announceSessionEnded({ error: refused(), mode: 'quiet' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/coran');
    expect(notify).not.toHaveBeenCalled();
    stop();
  });

  it('does not open /login a second time when the guard already went there', async () => {
    const { router, stop } = routerAt('/login');
    const before = router.state.historyAction;
    announceSessionEnded({ error: refused(), mode: 'redirect' });
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.historyAction).toBe(before);
    stop();
  });

  it('stops listening when asked', async () => {
    const { router, stop } = routerAt('/customers');
    stop();
    announceSessionEnded({ error: refused(), mode: 'redirect' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/customers');
    expect(notify).not.toHaveBeenCalled();
  });
});
