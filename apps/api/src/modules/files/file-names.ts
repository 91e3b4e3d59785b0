/**
 * File names as people give them, in any script, and as they must be kept and sent back: a name is only
 * ever shown and used as the download's name, never as a path (the bytes are stored under a random key),
 * yet it is still cleaned so that what is shown is what the file will be called once saved.
 */
import { FILE_NAME_MAX_LENGTH, fileExtension } from '@app/contracts';

/** Control characters, line and paragraph separators, and the bidirectional embeddings, overrides and
 *  isolates that can make "invoice\u202Efdp.exe" read as "invoiceexe.pdf". */
// eslint-disable-next-line no-control-regex -- removing them is the point
const INVISIBLE_OR_MISLEADING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Half of a surrogate pair without the other half: PostgreSQL's text cannot hold one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The name to keep for an uploaded file's given name, or undefined when nothing usable is left. Only what
 * follows the last / or \ (a browser on Windows may send a whole path); Unicode in its composed form (NFC),
 * so "é" typed on two systems is one name; at most 255 characters, shortened before the extension.
 */
export function keptFileName(given: string | undefined): string | undefined {
  const base = (given ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(LONE_SURROGATE, '\ufffd')
    .normalize('NFC')
    .replace(INVISIBLE_OR_MISLEADING, '')
    .trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return undefined;
  const characters = Array.from(cleaned);
  if (characters.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  const extension = Array.from(fileExtension(cleaned));
  // An extension that would leave no room for the stem is not one worth keeping.
  const kept = extension.length > 20 ? [] : extension;
  return (
    characters
      .slice(0, FILE_NAME_MAX_LENGTH - kept.length)
      .join('')
      .trimEnd() + kept.join('')
  );
}

/** The name reduced to printable ASCII for clients that do not read `filename*`: "Résumé.pdf" → "Resume.pdf". */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    // A quoted-string's own specials, and % which some clients decode in `filename`.
    .replace(/["\\%]/g, '_')
    .trim();
  return ascii === '' ? 'file' : ascii;
}

/** RFC 8187 value characters: what encodeURIComponent leaves alone, less ' ( ) * which the RFC does not allow. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition of a download (RFC 6266): an attachment, with the name in UTF-8 in `filename*`,
 * which browsers prefer, and an ASCII `filename` for the others. Header values must be ASCII, so the
 * name never goes into the header as it is.
 */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
