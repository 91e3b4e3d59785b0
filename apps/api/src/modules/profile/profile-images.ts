/**
 * Profile pictures: PNG, JPEG or WebP only, recognised from the bytes (a name or a declared type proves
 * nothing), at most 2 MB, stored under a random name so a file name chosen by a client never reaches the disk.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;
/** The media types a stored picture is sent with. */
export const IMAGE_MEDIA_TYPES = Object.values(IMAGE_TYPES);

/** The file's real format from its signature, or undefined when it is not an accepted image. */
export function detectImageType(bytes: Buffer): ImageExtension | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** Names the store hands out: 32 hex characters and the extension. Anything else is not ours. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function imageFolder(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'images');
}

export async function storeImage(dataDir: string, bytes: Buffer, extension: ImageExtension): Promise<string> {
  const folder = imageFolder(dataDir);
  await fs.mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  const file = path.join(folder, name);
  try {
    await fs.writeFile(file, bytes, { flag: 'wx' });
  } catch (error) {
    // A write that failed half-way (a full disk) would leave part of a picture that nothing points to.
    if ((error as { code?: unknown }).code !== 'EEXIST') await fs.rm(file, { force: true });
    throw error;
  }
  return name;
}

export async function readStoredImage(
  dataDir: string,
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!STORED_IMAGE_NAME.test(name)) return undefined;
  try {
    const bytes = await fs.readFile(path.join(imageFolder(dataDir), name));
    return { bytes, contentType: IMAGE_TYPES[name.split('.')[1] as ImageExtension] };
  } catch {
    return undefined;
  }
}

/** Removes a picture that was replaced; a file already gone is fine. */
export async function removeStoredImage(dataDir: string, name: string | undefined): Promise<void> {
  if (!name || !STORED_IMAGE_NAME.test(name)) return;
  await fs.rm(path.join(imageFolder(dataDir), name), { force: true });
}
