/**
 * The organisations module's public face, the one file other modules import from this folder: the caller's current
 * organisation with the database connections set to it (what the business calls act within). A person's
 * organisations and the one they get when registering are the auth module's (account-organisations.repository.ts).
 */
export { organisationScopes, type OrganisationScope } from './organisation-scope.js';
export { businessDetailsOf, saveBusinessDetails } from './business-details.repository.js';
