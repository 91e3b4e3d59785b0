/**
 * The outbox module's public face, the one file other modules import from this folder: queueing an e-mail or an
 * SMS within the caller's transaction, and the dispatcher that sends what is queued.
 */
export { createOutboxDispatcher } from './outbox-dispatcher.js';
export { enqueueEmail, enqueueSms } from './outbox.repository.js';
