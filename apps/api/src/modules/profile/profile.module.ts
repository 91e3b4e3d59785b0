/**
 * The profile module's public face, the one file other modules import from this folder: the profile as the team
 * and invitation answers show it, and the check of an image's bytes (files reuse it).
 */
export { detectImageType } from './profile-images.js';
export { LAST_OWNER, noUser, profileOf } from './profile.service.js';
