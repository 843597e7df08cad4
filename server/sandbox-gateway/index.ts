/** The offline sandbox gateway (a stand-in third party): its store, its routes, its browser script. */
export {
  sandboxGateway,
  SANDBOX_CARDS,
  SANDBOX_MESSAGES,
  SandboxGatewayError,
  type SandboxGateway,
  type SandboxIntent,
} from './gateway.ts';
export { sandboxGatewayRoutes } from './routes.ts';
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway';
export const TOKENIZER_URL = `${SANDBOX_GATEWAY_PATH}/v1/tokenizer.js`;
