/**
 * The name a downloaded file is saved under, as its answer gives it: the File-Name header (REFERENCE §1),
 * else the Content-Disposition's file name. Only a plain file name: no folders, no control characters.
 */
export function downloadFileName(headers: Headers): string | undefined {
  const disposition = /filename="?([^";]+)"?/i.exec(headers.get('Content-Disposition') ?? '')?.[1];
  const raw = headers.get('File-Name') ?? disposition ?? '';
  const name = (raw.split(/[/\\]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex -- removing them is the point
    .trim();
  return name === '' || name === '.' || name === '..' ? undefined : name;
}
