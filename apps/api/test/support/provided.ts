/** What the global setups hand to the test files (see vitest's provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a migrated embedded database, cloned by each test file. */
    pgliteTemplate?: string;
    /** A migrated database on the PostgreSQL server, used as CREATE DATABASE … TEMPLATE. */
    postgresTemplate?: { adminUrl: string; templateName: string };
  }
}
export {};
