import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileListData, UserFile } from '@app/contracts';
import { queryClient } from '../../lib/query-client';
import { tokenStore } from '../../lib/session/token-store';
import { mockApi } from '../../test/api-mock';
import { jwtExpiringIn } from '../../test/fake-jwt';
import { renderRoutes } from '../../test/render';
import { FakeUploadRequest, sentUpload } from '../../test/fake-upload-request';
import { FilesPage } from './FilesPage';
import { PATHS } from '../../lib/paths';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../lib/notify');

const routes = [{ path: PATHS.files, element: <FilesPage /> }];
const MB = 1024 * 1024;

const aFile = (overrides: Partial<UserFile> = {}): UserFile => ({
  id: 1,
  name: 'Devis 2026.pdf',
  mediaType: 'application/pdf',
  sizeBytes: 3000,
  sha256: 'a'.repeat(64),
  createdAt: '2026-03-05T14:07:00.000Z',
  ...overrides,
});

function listAnswer(files: UserFile[], usedBytes = files.reduce((sum, f) => sum + f.sizeBytes, 0)) {
  const data: FileListData = {
    files,
    usage: { usedBytes, quotaBytes: 100 * MB, fileCount: files.length, maxFiles: 500 },
  };
  return { message: 'Files retrieved', data };
}

/** The file input behind the 'Upload a file' button, given a file as a person would choose one. */
function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
  queryClient.clear();
  vi.mocked(notify).mockClear();
  FakeUploadRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FilesPage', () => {
  it('shows the storage used and the files with their type, size and date, and named buttons', async () => {
    mockApi({
      'GET /api/files': listAnswer(
        [aFile(), aFile({ id: 2, name: 'فاتورة.png', mediaType: 'image/png', sizeBytes: 2.5 * MB })],
        30 * MB,
      ),
    });
    renderRoutes(routes, PATHS.files);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes Fichiers' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your files, newest first: 2 files' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Type', 'Size', 'Uploaded', 'Actions']);
    const first = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first.slice(0, 3)).toEqual(['Devis 2026.pdf', 'PDF document', '2.9 KB']);
    expect(first[3]).toMatch(/^Mar 5, 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(
      within(rows[2] as HTMLElement)
        .getByText('فاتورة.png')
        .getAttribute('dir'),
    ).toBe('auto');
    expect(screen.getByRole('button', { name: 'Download فاتورة.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Devis 2026.pdf' })).toBeTruthy();

    expect(screen.getByText('Storage used: 30 MB of 100 MB (2 files)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe(
      '30',
    );
    // The table scrolls inside its own box on a phone, reachable by keyboard.
    expect(screen.getByRole('region', { name: 'Your files, newest first: 2 files' }).tabIndex).toBe(0);
  });

  it('says so when there are no files yet', async () => {
    mockApi({ 'GET /api/files': listAnswer([]) });
    renderRoutes(routes, PATHS.files);
    expect(await screen.findByText('No files yet. Upload one to keep it here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Storage used: 0 B of 100 MB (0 files)')).toBeTruthy();
  });

  it('shows and notifies a list that cannot be loaded', async () => {
    mockApi({ 'GET /api/files': { status: 503, reason: 'The service is temporarily unavailable.' } });
    renderRoutes(routes, PATHS.files);
    expect((await screen.findByRole('alert')).textContent).toBe('The service is temporarily unavailable.');
    expect(notify).toHaveBeenCalledWith('error', 'The service is temporarily unavailable.');
  });

  it('uploads a chosen file with its progress, then shows it in the list', async () => {
    let files: UserFile[] = [];
    mockApi({ 'GET /api/files': () => listAnswer(files) });
    renderRoutes(routes, PATHS.files);
    await screen.findByText('No files yet. Upload one to keep it here.');

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const request = await sentUpload();
    expect(request.file?.name).toBe('notes.txt');
    act(() => request.progress(40, 100));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading notes.txt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();

    const kept = aFile({ id: 9, name: 'notes.txt', mediaType: 'text/plain', sizeBytes: 5 });
    files = [kept];
    act(() => request.respond(201, { message: 'File uploaded', data: { file: kept } }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', '"notes.txt" uploaded.'));
    expect(await screen.findByRole('button', { name: 'Download notes.txt' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Uploading notes.txt' })).toBeNull();
  });

  it('shows the server refusing a file, in a banner and a notification', async () => {
    mockApi({ 'GET /api/files': listAnswer([]) });
    renderRoutes(routes, PATHS.files);
    await screen.findByText('No files yet. Upload one to keep it here.');
    choose(new File(['<html>'], 'photo.png', { type: 'image/png' }));
    const reason = '"photo.png" is not a real PNG image (its content is text).';
    (await sentUpload()).respond(400, { reason });
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect(notify).toHaveBeenCalledWith('error', reason);
  });

  it('does not send a file it can already tell is refused', async () => {
    mockApi({ 'GET /api/files': listAnswer([aFile()], 95 * MB) });
    renderRoutes(routes, PATHS.files);
    await screen.findByRole('table');
    choose(new File(['MZ'], 'setup.exe'));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^"setup.exe" is not a type of file kept here/,
    );
    choose(new File([new Uint8Array(6 * MB)], 'scan.pdf'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        'Not enough space left: "scan.pdf" needs 6 MB and 5 MB of your 100 MB are free. Delete some files first.',
      ),
    );
    expect(FakeUploadRequest.sent).toHaveLength(0);
  });

  it('cancels an upload in progress', async () => {
    mockApi({ 'GET /api/files': listAnswer([]) });
    renderRoutes(routes, PATHS.files);
    await screen.findByText('No files yet. Upload one to keep it here.');
    choose(new File(['hello'], 'notes.txt'));
    await sentUpload();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('info', 'Upload canceled.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a file only once confirmed', async () => {
    let files = [aFile()];
    const calls = mockApi({
      'GET /api/files': () => listAnswer(files),
      'DELETE /api/files/1': () => {
        files = [];
        return { message: 'File deleted', data: { file: aFile() } };
      },
    });
    renderRoutes(routes, PATHS.files);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Devis 2026.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    expect(dialog.textContent).toContain('"Devis 2026.pdf" (2.9 KB) will be deleted for good.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Devis 2026.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', '"Devis 2026.pdf" deleted.'));
    expect(await screen.findByText('No files yet. Upload one to keep it here.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/files/1']);
  });

  it('downloads with the token and saves the file under its own name', async () => {
    const token = tokenStore.accessToken();
    mockApi({ 'GET /api/files': listAnswer([aFile({ sizeBytes: 4, name: 'Résumé.pdf' })]) });
    const answerJson = globalThis.fetch;
    const seen: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url !== '/api/files/1/download') return answerJson(url, init);
        seen.push(init);
        return new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoutes(routes, PATHS.files);
    fireEvent.click(await screen.findByRole('button', { name: 'Download Résumé.pdf' }));
    await waitFor(() => expect(saved).toEqual(['Résumé.pdf']));
    expect((seen[0]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(notify).toHaveBeenCalledWith('default', 'Downloading file...');
  });

  it('notifies a download that fails', async () => {
    mockApi({
      'GET /api/files': listAnswer([aFile()]),
      'GET /api/files/1/download': { status: 404, reason: 'No file with ID 1' },
    });
    renderRoutes(routes, PATHS.files);
    fireEvent.click(await screen.findByRole('button', { name: 'Download Devis 2026.pdf' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'No file with ID 1'));
  });
});
