import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoginSession } from '@app/contracts';
import type { RecordedCall } from '../../../../test/api-mock';
import { queryClient } from '../../../../lib/query-client';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer, SESSIONS } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];
const [THIS_DEVICE, ELSEWHERE] = SESSIONS as [LoginSession, LoginSession];
const END_ELSEWHERE = 'End the session of Chrome on Windows at 198.51.100.4';

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/** The profile's stand-in, keeping the sessions as the server would: `writes` answers the two endings. */
function sessionsServer(writes: { end?: () => Promise<unknown>; refuse?: boolean } = {}) {
  let sessions = [...SESSIONS];
  const listed = () => ({ data: { sessions } });
  return profileServer({
    handlers: {
      'GET /api/user/sessions': () => ({ message: 'Sessions retrieved', ...listed() }),
      [`DELETE /api/user/sessions/${ELSEWHERE.id}`]: async () => {
        await writes.end?.();
        if (writes.refuse) return { status: 404, reason: 'No such session. It may have ended already.' };
        sessions = sessions.filter((s) => s.id !== ELSEWHERE.id);
        return { message: 'Session ended', ...listed() };
      },
      'POST /api/user/sessions/end-others': () => {
        sessions = sessions.filter((s) => s.current);
        return { message: 'Other sessions ended', ...listed() };
      },
    },
  });
}

async function sessionsTable() {
  const section = await screen.findByRole('region', { name: 'Sessions' });
  const table = await within(section).findByRole('table');
  return { section, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** Types the password into the dialog that a button opened, and confirms. */
async function confirmWithPassword(dialogName: string, confirmLabel: string, password = 'pass-word-1') {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const confirm = within(dialog).getByRole('button', { name: confirmLabel });
  expect(confirm.hasAttribute('disabled')).toBe(true);
  const input = within(dialog).getByLabelText(/^Current password/);
  expect(input.getAttribute('type')).toBe('password');
  fireEvent.change(input, { target: { value: password } });
  fireEvent.blur(input);
  fireEvent.click(confirm);
  return dialog;
}
const sessionCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.startsWith('/api/user/sessions'));

describe('the sessions of the profile', () => {
  it('lists each session with its device, address and times, and marks this device', async () => {
    sessionsServer();
    renderRoutes(routes, PATHS.profile);
    const { table } = await sessionsTable();

    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Device', 'IP address', 'Signed in', 'Last active', 'Actions']);
    expect(rows).toHaveLength(2);
    const [mine, other] = rows as [HTMLElement, HTMLElement];
    expect(mine.textContent).toContain('Firefox on LinuxThis device');
    expect(mine.textContent).toContain('203.0.113.9');
    expect([...mine.querySelectorAll('time')].map((t) => t.dateTime)).toEqual([
      THIS_DEVICE.createdAt,
      THIS_DEVICE.lastUsedAt,
    ]);
    // This device's session ends by signing out, not from here.
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(other.textContent).toContain('Chrome on Windows');
    expect(other.textContent).not.toContain('This device');
    expect(other.textContent).toContain('198.51.100.4');
    expect(within(other).getByRole('button', { name: END_ELSEWHERE }).textContent).toBe('End session');
    expect(screen.getByText('1 other session signed in to your account.')).toBeTruthy();
  });

  it('ends another session through the API, then shows the list that remains', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = sessionsServer({ end: () => held });
    renderRoutes(routes, PATHS.profile);
    const { table } = await sessionsTable();

    fireEvent.click(within(table).getByRole('button', { name: END_ELSEWHERE }));
    // Nothing is sent before the password is typed.
    expect(sessionCalls(calls).filter((c) => c.method === 'DELETE')).toEqual([]);
    const dialog = await confirmWithPassword('End this session', 'End session');
    expect(dialog.textContent).toContain('Chrome on Windows at 198.51.100.4 will be signed out.');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Saving...' }).hasAttribute('disabled')).toBe(true),
    );
    release();

    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(bodyRows(table)[0]?.textContent).toContain('This device');
    expect(notify).toHaveBeenCalledWith('success', 'Session ended');
    const sent = sessionCalls(calls);
    expect(sent.filter((c) => c.method === 'DELETE').map((c) => [c.url, c.body])).toEqual([
      [`/api/user/sessions/${ELSEWHERE.id}`, { currentPassword: 'pass-word-1' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // After the write, the list is fetched again from the server (lib/http's cache rules).
    const ending = sent.findIndex((c) => c.method === 'DELETE');
    await waitFor(() => expect(sent.slice(ending + 1).some((c) => c.method === 'GET')).toBe(true));
    expect(screen.getByText('No other device is signed in to your account.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('signs out all other sessions at once', async () => {
    const { calls } = sessionsServer();
    renderRoutes(routes, PATHS.profile);
    const { table } = await sessionsTable();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await confirmWithPassword('Sign out all other sessions', 'Sign out others');

    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(bodyRows(table)[0]?.textContent).toContain('Firefox on LinuxThis device');
    expect(notify).toHaveBeenCalledWith('success', 'Other sessions ended');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/user/sessions/end-others', { currentPassword: 'pass-word-1' }],
    ]);
  });

  it("shows the server's refusal in the dialog, which stays open, and keeps the list", async () => {
    sessionsServer({ refuse: true });
    renderRoutes(routes, PATHS.profile);
    const { table } = await sessionsTable();

    fireEvent.click(within(table).getByRole('button', { name: END_ELSEWHERE }));
    const dialog = await confirmWithPassword('End this session', 'End session');

    const banner = await within(dialog).findByRole('alert');
    expect(banner.textContent).toContain('No such session. It may have ended already.');
    expect(notify).toHaveBeenCalledWith('error', 'No such session. It may have ended already.');
    expect(bodyRows(table)).toHaveLength(2);
  });
});
