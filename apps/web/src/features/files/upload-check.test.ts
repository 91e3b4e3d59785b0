import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILE_QUOTA_BYTES, type FileUsage } from '@app/contracts';
import { uploadProblem, usedPercent } from './upload-check';

const MB = 1024 * 1024;
const usage = (usedBytes: number, fileCount = 1): FileUsage => ({
  usedBytes,
  quotaBytes: FILE_QUOTA_BYTES,
  fileCount,
  maxFiles: 500,
});

describe('uploadProblem', () => {
  it('lets an accepted file that fits go to the server', () => {
    expect(uploadProblem({ name: 'Devis.PDF', size: 2 * MB }, usage(10 * MB))).toBeUndefined();
    expect(uploadProblem({ name: 'notes.txt', size: FILE_MAX_BYTES }, usage(90 * MB))).toBeUndefined();
    // Without the list yet, the server decides about the space.
    expect(uploadProblem({ name: 'photo.jpeg', size: 100 }, undefined)).toBeUndefined();
  });

  it('stops an empty or too large file', () => {
    expect(uploadProblem({ name: 'vide.txt', size: 0 }, usage(0))).toBe('"vide.txt" is empty.');
    expect(uploadProblem({ name: 'film.pdf', size: FILE_MAX_BYTES + 1 }, usage(0))).toBe(
      '"film.pdf" is 10 MB: a file can be up to 10 MB.',
    );
    expect(uploadProblem({ name: 'film.pdf', size: 25 * MB }, usage(0))).toBe(
      '"film.pdf" is 25 MB: a file can be up to 10 MB.',
    );
  });

  it('stops a name that is no kept type', () => {
    for (const name of ['setup.exe', 'page.html', 'archive.zip', 'macro.docm', 'README']) {
      expect(uploadProblem({ name, size: 10 }, usage(0)), name).toMatch(/is not a type of file kept here/);
    }
  });

  it('stops what would pass the quota or the number of files', () => {
    expect(uploadProblem({ name: 'scan.png', size: 3 * MB }, usage(98 * MB))).toBe(
      'Not enough space left: "scan.png" needs 3 MB and 2 MB of your 100 MB are free. Delete some files first.',
    );
    expect(uploadProblem({ name: 'a.txt', size: 1 }, usage(1000, 500))).toBe(
      'You already keep 500 files, the most allowed. Delete some files first.',
    );
  });
});

describe('usedPercent', () => {
  it('is a whole percentage, at least 1 when anything is used, at most 100', () => {
    expect(usedPercent(usage(0))).toBe(0);
    expect(usedPercent(usage(1))).toBe(1);
    expect(usedPercent(usage(25 * MB))).toBe(25);
    expect(usedPercent(usage(FILE_QUOTA_BYTES))).toBe(100);
    expect(usedPercent(usage(FILE_QUOTA_BYTES * 2))).toBe(100);
  });
});
