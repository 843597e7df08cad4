/** Test helpers for server tests (never imported by production code). */
export { createTestServer } from './test-server.ts';
