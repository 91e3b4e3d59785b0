/** The organisation a person gets when they register: theirs alone, with them as its owner. */
import { ORGANISATION_NAME_MAX_LENGTH } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { insertOrganisation } from './account-organisations.repository.js';

/** Named after its owner until they rename it. */
export function createOwnOrganisation(
  db: Queryable,
  owner: { firstName: string; lastName: string },
): Promise<number> {
  const name = `${owner.firstName} ${owner.lastName}`.slice(0, ORGANISATION_NAME_MAX_LENGTH).trim();
  return insertOrganisation(db, name);
}
