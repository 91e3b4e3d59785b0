/**
 * Migrates one template database per run, so each test file starts from a clone in about a second
 * instead of migrating its own: a PGlite dump file, or a template database on the PostgreSQL server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../src/db/database.js';
import { migrateEmbedded, migrateServer } from '../../src/db/migrate.js';
import { databaseUrl, uniqueDatabaseName } from './postgres-urls.js';
import './provided.js';

async function preparePglite(project: TestProject) {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrateEmbedded(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(os.tmpdir(), `pglite-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

async function preparePostgres(project: TestProject, adminUrl: string) {
  const templateName = uniqueDatabaseName('template');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateName}"`);
  await migrateServer(databaseUrl(adminUrl, templateName));
  project.provide('postgresTemplate', { adminUrl, templateName });
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
    await admin.end();
  };
}

export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    return preparePostgres(project, adminUrl);
  }
  return preparePglite(project);
}
