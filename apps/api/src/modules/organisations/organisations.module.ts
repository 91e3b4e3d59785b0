/**
 * The organisations module's public face, the one file other modules import from this folder: the organisation a
 * person gets when registering, a user's memberships, and the caller's current organisation with the database
 * connections set to it (what the business calls act within).
 */
export { organisationScopes, type OrganisationScope } from './organisation-scope.js';
export {
  belongsElsewhere,
  insertOrganisation,
  organisationName,
  organisationsOf,
} from './organisations.repository.js';
export { createOwnOrganisation } from './own-organisation.js';
