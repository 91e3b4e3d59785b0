/**
 * Whether an upload is text, followed while its bytes stream to disk so that no upload is held in memory.
 * Formats with a signature are recognised from the stored file (file-kind.ts); text has none, so it is
 * decided here: a file is text only if it is entirely UTF-8 without control characters.
 */

/** Bytes below 0x20 that text files do contain: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Watches a file's bytes as they arrive and follows whether the whole is UTF-8 text. A byte below 0x80 is
 * always a character of its own in UTF-8, so control characters can be looked for byte by byte.
 */
export class ContentInspector {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  push(chunk: Buffer): void {
    if (!this.text) return;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) {
        this.text = false;
        return;
      }
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.text = false;
    }
  }

  /** Whether the file, once every byte has been seen, is UTF-8 text. */
  isText(): boolean {
    if (!this.text) return false;
    try {
      // Throws when the file ends inside a multi-byte character.
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
