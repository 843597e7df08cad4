/**
 * The sandbox gateway's test cards as the shopper types them, and what each does: for its banner
 * and tests (server/sandbox-gateway/gateway.ts holds the same cards).
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'approved' },
  { number: '4000 0000 0000 0002', result: 'declined' },
  { number: '4000 0000 0000 9995', result: 'held for review: the order is placed and waits' },
  {
    number: '4000 0025 0000 3155',
    result: "asks for authentication on the gateway's page (approve or decline it there)",
  },
] as const;
