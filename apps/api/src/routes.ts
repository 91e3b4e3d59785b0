/**
 * Every route of the API, mounted in one place so what is served can be read in one file. Every route plugin gets
 * the same options (app-context.ts) and takes from them what it needs.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from './app-context.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { totpRoutes } from './modules/auth/totp.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { invoiceCopyRoutes } from './modules/customers/invoice-copy.routes.js';
import { invoiceLifeRoutes } from './modules/customers/invoice-life.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hadithRoutes } from './modules/hadith/hadith.routes.js';
import { organisationsRoutes } from './modules/organisations/organisations.routes.js';
import { businessDetailsRoutes } from './modules/organisations/business-details.routes.js';
import { accountChangesRoutes } from './modules/profile/account-changes.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { progressRoutes } from './modules/progress/progress.routes.js';
import { readerPreferencesRoutes } from './modules/reader/reader-preferences.routes.js';
import { quranRoutes } from './modules/quran/quran.routes.js';

export const registerRoutes: FastifyPluginAsync<RouteOptions> = async (api, { context }) => {
  await api.register(healthRoutes, { context });
  await api.register(quranRoutes, { prefix: '/quran', context });
  await api.register(hadithRoutes, { prefix: '/hadith', context });
  await api.register(authRoutes, { prefix: '/user', context });
  await api.register(profileRoutes, { prefix: '/user', context });
  await api.register(accountChangesRoutes, { prefix: '/user', context });
  await api.register(sessionsRoutes, { prefix: '/user', context });
  await api.register(totpRoutes, { prefix: '/user', context });
  await api.register(organisationsRoutes, { prefix: '/organisation', context });
  await api.register(businessDetailsRoutes, { prefix: '/organisation', context });
  await api.register(customersRoutes, { prefix: '/customer', context });
  await api.register(invoiceLifeRoutes, { prefix: '/customer', context });
  await api.register(invoiceCopyRoutes, { prefix: '/invoice-copy', context });
  await api.register(calendarRoutes, { prefix: '/calendar', context });
  await api.register(progressRoutes, { prefix: '/progress', context });
  await api.register(readerPreferencesRoutes, { prefix: '/reader-preferences', context });
  await api.register(filesRoutes, { prefix: '/files', context });
};
