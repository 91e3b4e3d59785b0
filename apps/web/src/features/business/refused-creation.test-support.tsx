/** What a role that may not create sees on a creation page, for the New Customer and New Invoice pages' tests. */
import { expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { screen } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { primeOwnProfile } from '../../test/own-profile';
import { renderRoutes } from '../../test/render';

type CreationPage = {
  routes: RouteObject[];
  path: string;
  /** The page's heading, e.g. 'New Customer'. */
  heading: string;
  /** What is created, in the plural: 'customers'. */
  things: string;
  /** The list the page links back to. */
  listPath: string;
};

/** A User or a Manager is told why, with a way back, instead of a form that would fail on save; no call is made. */
export function itRefusesCreationToUsersAndManagers({
  routes,
  path,
  heading,
  things,
  listPath,
}: CreationPage) {
  it.each(['ROLE_USER', 'ROLE_MANAGER'] as const)(
    `tells a %s why it cannot create ${things}, instead of the form`,
    async (roleName) => {
      const calls = mockApi({});
      primeOwnProfile(roleName);
      renderRoutes(routes, path);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
      const label = roleName === 'ROLE_USER' ? 'User' : 'Manager';
      expect(
        await screen.findByText(
          `Your role (${label}) cannot create ${things}; ask an administrator of Coran-Hadith, Inc.`,
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: `Back to the ${things}` }).getAttribute('href')).toBe(listPath);
      expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
      expect(calls).toHaveLength(0);
    },
  );
}
