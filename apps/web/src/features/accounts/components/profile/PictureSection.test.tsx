import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { TopBar } from '../../../../app/TopBar';
import { queryClient } from '../../../../lib/query-client';
import { tokenStore } from '../../../../lib/session/token-store';
import { jwtExpiringIn } from '../../../../test/fake-jwt';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

// The signed-in bar above the page, as in the app: both read the same profile answer.
const routes = [
  {
    path: '/',
    element: (
      <>
        <TopBar />
        <Outlet />
      </>
    ),
    children: [{ path: 'profile', element: <ProfilePage /> }],
  },
];
const NEW_PICTURE = 'http://localhost/api/user/image/0123456789abcdef0123456789abcdef.png';

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const png = (bytes: number, name = 'me.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  vi.mocked(notify).mockClear();
  tokenStore.save({ access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the profile picture', () => {
  it('refuses a file of another type or over 2 MB at once, without sending it', async () => {
    const { calls } = profileServer();
    renderRoutes(routes, PATHS.profile);
    const section = await screen.findByRole('region', { name: 'Profile picture' });
    expect(within(section).getByRole('button', { name: 'Choose a picture' })).toBeTruthy();
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe(
      'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp',
    );

    choose(png(100, 'me.gif', 'image/gif'));
    expect(within(section).getByRole('alert').textContent).toContain(
      'The picture must be a PNG, JPEG or WebP image.',
    );
    choose(png(2 * 1024 * 1024 + 1));
    expect(within(section).getByRole('alert').textContent).toContain('The picture is larger than 2 MB.');
    expect(notify).toHaveBeenCalledWith('error', 'The picture is larger than 2 MB.');
    expect(within(section).queryByRole('button', { name: 'Upload picture' })).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('shows the chosen picture, uploads it as `image`, then shows it here and in the signed-in bar', async () => {
    const { calls, state } = profileServer({
      handlers: {
        'PATCH /api/user/update/image': () => {
          state.user = { ...state.user, imageUrl: NEW_PICTURE };
          return { message: 'Profile image updated', data: { user: state.user, events: [], roles: [] } };
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await screen.findByRole('region', { name: 'Profile picture' });
    const bar = await screen.findByRole('button', { name: 'Amina Benali' });
    expect(bar.querySelector('img')).toBeNull();
    expect(
      within(section).getByRole('img', { name: 'No picture yet: your initials are shown' }),
    ).toBeTruthy();

    const file = png(1000);
    choose(file);
    const preview = within(section).getByRole('img', { name: 'Preview of the new picture' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(within(section).getByText('Preview of me.png: upload it to make it your picture.')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Upload picture' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Profile image updated'));
    const upload = calls.find((c) => c.url === '/api/user/update/image');
    expect(upload?.method).toBe('PATCH');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(((upload?.body as FormData).get('image') as File).size).toBe(1000);
    expect(upload?.headers['Content-Type']).toBeUndefined();

    await waitFor(() =>
      expect(within(section).getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toBe(
        NEW_PICTURE,
      ),
    );
    const summary = screen.getByRole('region', { name: 'Amina Benali' });
    expect(summary.querySelector('img')?.getAttribute('src')).toBe(NEW_PICTURE);
    expect(bar.querySelector('img')?.getAttribute('src')).toBe(NEW_PICTURE);
    expect(within(section).queryByRole('button', { name: 'Upload picture' })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('keeps the chosen picture and shows why when the server refuses it', async () => {
    profileServer({
      handlers: {
        'PATCH /api/user/update/image': {
          status: 415,
          reason: 'The picture must be a PNG, JPEG or WebP image.',
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await screen.findByRole('region', { name: 'Profile picture' });
    choose(png(1000));
    fireEvent.click(within(section).getByRole('button', { name: 'Upload picture' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('PNG, JPEG or WebP');
    expect(within(section).getByRole('button', { name: 'Upload picture' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByRole('button', { name: 'Choose a picture' })).toBeTruthy();
  });
});
