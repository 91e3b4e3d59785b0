import { z } from './zod.js';
import { successEnvelope } from './envelope.js';

/**
 * Login sessions (issue 19): each login opens one, on the device and from the address that logged in; the
 * profile lists the live ones and ends any of them (GET /api/user/sessions, DELETE /api/user/sessions/{id},
 * POST /api/user/sessions/end-others); ending another than one's own needs the current password.
 */

/** A session's id (the `sid` of its tokens); anything else is refused before it reaches the database. */
export const SessionIdSchema = z.uuid('This is not a session id');
export const SessionIdParamsSchema = z.object({ id: SessionIdSchema });

export const LoginSessionSchema = z.object({
  id: SessionIdSchema,
  /** "Chrome on Windows": the browser and system of the login, from its User-Agent. */
  device: z.string(),
  ipAddress: z.string(),
  createdAt: z.iso.datetime(),
  /** When its tokens were last renewed (at most an access token's lifetime ago while it is in use). */
  lastUsedAt: z.iso.datetime(),
  /** Its absolute end, however often it is used. */
  expiresAt: z.iso.datetime(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type LoginSession = z.infer<typeof LoginSessionSchema>;

/** The caller's live sessions (neither ended nor past their end), most recently used first. */
export const SessionsDataSchema = z.object({ sessions: z.array(LoginSessionSchema) });
export type SessionsData = z.infer<typeof SessionsDataSchema>;

/** GET /user/sessions, and the sessions that remain after DELETE /user/sessions/{id} or POST /user/sessions/end-others. */
export const SessionsAnswerSchema = successEnvelope(SessionsDataSchema);
export type SessionsAnswer = z.infer<typeof SessionsAnswerSchema>;
