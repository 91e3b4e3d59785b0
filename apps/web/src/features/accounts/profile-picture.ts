/**
 * The checks made on a chosen profile picture before it is sent, with the server's words: the same
 * formats and limit as the server (apps/api profile-images.ts), so a wrong file is refused at once rather
 * than after a 2 MB upload. The server still reads the real format from the bytes.
 */

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** What the file chooser offers: types and extensions, for systems that only know the latter. */
export const PICTURE_ACCEPT = [...PICTURE_TYPES, '.png', '.jpg', '.jpeg', '.webp'].join(',');

/** Why the file cannot be the picture, or undefined when it may be sent. */
export function pictureProblem(file: { type: string; size: number }): string | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type))
    return 'The picture must be a PNG, JPEG or WebP image.';
  if (file.size > MAX_PICTURE_BYTES) return 'The picture is larger than 2 MB.';
  if (file.size === 0) return 'The file is empty.';
  return undefined;
}
