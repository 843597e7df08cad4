/**
 * vitest globalSetup of the "postgres" project: one PostgreSQL server for the whole run, with the
 * migrated template each test database is copied from; stopped (folder removed) at the end.
 */
import type { TestProject } from 'vitest/node';
import { createMigratedTemplate, startPostgres } from './postgres.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  try {
    await createMigratedTemplate(server);
  } catch (e) {
    await server.stop();
    throw e;
  }
  project.provide('postgresAdminUrl', server.url());
  return () => server.stop();
}
