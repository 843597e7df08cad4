/** The offline sandbox gateway (a stand-in third party): its routes and its browser script (its store: gateway.ts). */
export { sandboxGatewayRoutes } from './routes.ts';
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway';
export const TOKENIZER_URL = `${SANDBOX_GATEWAY_PATH}/v1/tokenizer.js`;
