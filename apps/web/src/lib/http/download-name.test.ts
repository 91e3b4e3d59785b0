import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-name';

describe('downloadFileName', () => {
  it('takes the File-Name header, then Content-Disposition', () => {
    expect(downloadFileName(new Headers({ 'File-Name': 'customer-report.xlsx' }))).toBe(
      'customer-report.xlsx',
    );
    expect(
      downloadFileName(new Headers({ 'Content-Disposition': 'attachment; filename="other.xlsx"' })),
    ).toBe('other.xlsx');
    expect(
      downloadFileName(
        new Headers({ 'File-Name': 'first.xlsx', 'Content-Disposition': 'attachment; filename=second.xlsx' }),
      ),
    ).toBe('first.xlsx');
    expect(downloadFileName(new Headers())).toBeUndefined();
  });

  it('keeps only a plain file name', () => {
    expect(downloadFileName(new Headers({ 'File-Name': '../../etc/passwd' }))).toBe('passwd');
    expect(downloadFileName(new Headers({ 'File-Name': 'C:\\temp\\r.xlsx' }))).toBe('r.xlsx');
    expect(downloadFileName(new Headers({ 'File-Name': 'a\u0007b.xlsx' }))).toBe('ab.xlsx');
    expect(downloadFileName(new Headers({ 'File-Name': '..' }))).toBeUndefined();
  });
});
