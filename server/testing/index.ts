/** Test helpers for server tests (never imported by production code). */
export { createTestServer, type TestServer, type TestServerOptions } from './test-server.ts';
export { writeFakeDist, FAKE_DIST_FILES, FAKE_SITE } from './fake-dist.ts';
export { startSmtpSink, type SmtpSink, type ReceivedMail } from './smtp-sink.ts';
export { parseMail, type ParsedMail } from './mime.ts';
export { tempDir, type TempDir } from './temp-dir.ts';
export { startPostgres, postgresBinDir, type PostgresServer } from './postgres.ts';
export { openTestDatabase, testDbKind, createEmptyPostgresDatabase, type TestDatabase } from './test-db.ts';
export { rawRequest, type RawResponse, type RawRequestOptions } from './raw-http.ts';
export { watchUncaught } from './uncaught.ts';
export {
  startStripeStandIn,
  parseBracketForm,
  STRIPE_TEST_CARDS,
  type StripeStandIn,
  type RecordedRequest,
} from './stripe-stand-in.ts';
export {
  startAuthorizeNetStandIn,
  opaqueValueFor,
  ANET_TEST_CARDS,
  ANET_TEXTS,
  ANET_DECLINE_ZIP,
  type AuthorizeNetStandIn,
} from './authorize-net-stand-in.ts';
export { FIXTURE_SHOP_DIR } from './fixture-shop.ts';
