/**
 * Every route of the API, mounted in one place so what is served can be read in one file.
 * Each module receives what it needs (config, database) explicitly.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDependencies } from './app.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hadithRoutes } from './modules/hadith/hadith.routes.js';
import { quranRoutes } from './modules/quran/quran.routes.js';

export const registerRoutes: FastifyPluginAsync<{ deps: AppDependencies }> = async (api, { deps }) => {
  await api.register(healthRoutes, { deps });
  await api.register(quranRoutes, { prefix: '/quran', deps });
  await api.register(hadithRoutes, { prefix: '/hadith', deps });
};
