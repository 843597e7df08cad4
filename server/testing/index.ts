/**
 * The server's test helpers for tests and benches outside server/ (never imported by production
 * code): a server in-process, temporary folders, the fixture shop, a real checkout's requests,
 * forms and quotes to send, an SMTP sink, a private PostgreSQL, a fake build.
 */
export { createTestServer, type TestServer } from './test-server.ts';
export { tempDir, type TempDir } from './temp-dir.ts';
export { FIXTURE_SHOP_DIR } from './fixture-shop.ts';
export { startSmtpSink, type ReceivedMail } from './smtp-sink.ts';
export { postgresBinDir, startPostgres } from './postgres.ts';
export { writeFakeDist } from './fake-dist.ts';
export { CARDS, JANE, cardToken, orderBody, placeOrder, send } from '../commerce/testing.ts';
export { quoteInput } from '../quotes/testing.ts';
export { CLAIM, CONTACT, DESIGN, PNG, file, submit, writeSite, type OkJson } from '../forms/test-support.ts';
export {
  ANET_TEST_CARDS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from './authorize-net-stand-in.ts';
export { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
export { startTillpayStandIn, TILLPAY_TEST_CARDS, tillpayToken, type TillpayStandIn } from './tillpay-stand-in.ts';
export { metadataOfDescription } from '../payments/authorize-net.ts';
