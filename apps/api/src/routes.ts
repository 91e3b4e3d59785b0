/**
 * Every route of the API, mounted in one place so what is served can be read in one file.
 * Each module receives what it needs (config, database) explicitly.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDependencies } from './app.js';
import type { Accounts } from './modules/auth/auth.module.js';
import { accountChangesRoutes } from './modules/profile/account-changes.routes.js';
import { accountsRoutes } from './modules/auth/auth.routes.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { totpRoutes } from './modules/auth/totp.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hadithRoutes } from './modules/hadith/hadith.routes.js';
import { organisationScopes } from './modules/organisations/organisation-scope.js';
import { organisationsRoutes } from './modules/organisations/organisations.routes.js';
import { progressRoutes } from './modules/progress/progress.routes.js';
import { quranRoutes } from './modules/quran/quran.routes.js';

export const registerRoutes: FastifyPluginAsync<{ deps: AppDependencies; accounts: Accounts }> = async (
  api,
  { deps, accounts },
) => {
  await api.register(healthRoutes, { deps });
  await api.register(quranRoutes, { prefix: '/quran', deps });
  await api.register(hadithRoutes, { prefix: '/hadith', deps });
  await api.register(accountsRoutes, { prefix: '/user', ...accounts });
  await api.register(accountChangesRoutes, { prefix: '/user', ...accounts });
  await api.register(sessionsRoutes, { prefix: '/user', ...accounts });
  await api.register(totpRoutes, { prefix: '/user', ...accounts });
  await api.register(organisationsRoutes, { prefix: '/organisation', ...accounts });
  // The business calls act within the caller's current organisation, on connections set to it.
  const scopeOf = organisationScopes(deps.database);
  await api.register(customersRoutes, {
    prefix: '/customer',
    scopeOf,
    config: deps.config,
    guard: accounts.guard,
  });
  await api.register(calendarRoutes, { prefix: '/calendar', scopeOf, guard: accounts.guard });
  await api.register(progressRoutes, {
    prefix: '/progress',
    db: deps.database.db,
    config: deps.config,
    guard: accounts.guard,
  });
  await api.register(filesRoutes, {
    prefix: '/files',
    db: deps.database.db,
    config: deps.config,
    guard: accounts.guard,
  });
};
