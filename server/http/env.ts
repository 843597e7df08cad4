/** The Hono environment every app and sub-app of the server shares. */
import type { RequestIdVariables } from 'hono/request-id';

export type AppEnv = { Variables: RequestIdVariables };

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
