/** Replacing the profile picture: read the single uploaded file, check it, store it, point the user at it. */
import type { ProfileData } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import {
  type AccountsContext,
  type Caller,
  recordEvent,
  type RequestOrigin,
  updateUser,
} from '../auth/auth.module.js';
import { detectImageType, removeStoredImage, storeImage } from './profile-images.js';
import { profileOf } from './profile.service.js';

const IMAGE_PATH = '/api/user/image/';

const TOO_LARGE = 'The picture is larger than 2 MB.';
const ONLY_THE_PICTURE = 'Send one picture only, as a file in the field "image", and nothing else.';
const SEND_THE_PICTURE = 'Send the picture as multipart/form-data in the field "image".';

/**
 * @fastify/multipart enforces the route's limits (one file, no text field, 2 MB) by throwing its own 413
 * errors. A text field or a second part is a malformed request rather than a large one, so it gets a 400.
 * The picture is read into memory, so any other failure is the multipart data itself (no boundary in the
 * Content-Type, a body cut short): a 400 too, not a server error.
 */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, TOO_LARGE);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return AppError.badRequest(ONLY_THE_PICTURE);
    default:
      return AppError.badRequest(SEND_THE_PICTURE);
  }
}

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest(SEND_THE_PICTURE);
  try {
    // Read part by part rather than with request.file(), which would let a second picture pass unseen.
    const parts = request.parts();
    const { value: file } = await parts.next();
    if (!file || file.type !== 'file' || file.fieldname !== 'image')
      throw AppError.badRequest('Send the picture in the field "image".');
    const bytes = await file.toBuffer();
    // Only reached if the plugin is ever set not to throw on an oversized file.
    if (file.file.truncated) throw new AppError(413, TOO_LARGE);
    // A second picture (or any part after the first) is refused before anything is stored.
    if (!(await parts.next()).done) throw AppError.badRequest(ONLY_THE_PICTURE);
    return bytes;
  } catch (error) {
    throw uploadError(error);
  }
}

export async function updateProfileImage(
  ctx: AccountsContext,
  caller: Caller,
  request: FastifyRequest,
  origin: RequestOrigin,
): Promise<ProfileData> {
  const bytes = await readUpload(request);
  const extension = detectImageType(bytes);
  if (!extension) throw new AppError(415, 'The picture must be a PNG, JPEG or WebP image.');
  const { dataDir, publicUrl } = ctx.config;
  const name = await storeImage(dataDir, bytes, extension);
  try {
    const profile = await ctx.db.transaction(async (tx) => {
      await updateUser(tx, caller.user.id, { imageUrl: `${publicUrl}${IMAGE_PATH}${name}` });
      await recordEvent(tx, caller.user.id, 'PROFILE_PICTURE_UPDATE', origin);
      return profileOf(tx, caller.user.id);
    });
    const previous = caller.user.imageUrl?.startsWith(`${publicUrl}${IMAGE_PATH}`)
      ? caller.user.imageUrl.slice(publicUrl.length + IMAGE_PATH.length)
      : undefined;
    await removeStoredImage(dataDir, previous);
    return profile;
  } catch (error) {
    // The user still points at the old picture: the new file would be an orphan.
    await removeStoredImage(dataDir, name);
    throw error;
  }
}
