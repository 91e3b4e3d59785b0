/**
 * The HTTP layer's one announcement to the screens: the server refused the session. The layer has already
 * forgotten the tokens and the cached answers; what a user is shown, and where they are taken, is decided
 * by the screen layer (app/session-ended.ts), so this module knows nothing of screens or notifications.
 */
import type { ApiError } from './api-error';

export type SessionEnded = {
  /** The refusal, whose message is what the user reads; `reported` once it was shown. */
  error: ApiError;
  /**
   * 'redirect': the caller wants the error shown and the login screen opened. 'quiet': the caller (the top
   * bar's profile on the learning pages) wants nothing shown.
   */
  mode: 'redirect' | 'quiet';
};

type Listener = (ended: SessionEnded) => void;

const listeners = new Set<Listener>();

/** Listens for ended sessions; returns how to stop. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told for every call the refusal ends, so several calls sharing one error announce it several times. */
export function announceSessionEnded(ended: SessionEnded): void {
  for (const listener of listeners) listener(ended);
}
