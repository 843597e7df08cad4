/** The server's public face. */
export { createServer, type CreateServerOptions, type JoineryServer } from './app.ts';
export type { AppDeps } from './app-deps.ts';
export { createDefaultDeps, type DefaultDeps, type DefaultDepsOptions } from './default-deps.ts';
export { resolveConfig, type ServerConfig } from './config.ts';
export { listen, type Listening } from './listen.ts';
export { systemClock, manualClock, type Clock, type ManualClock } from './clock.ts';
export { consoleLogger, silentLogger, memoryLogger, type Logger, type MemoryLogger } from './logger.ts';
export * from './db/index.ts';
export * from './mail/index.ts';
export * from './http/index.ts';
export { SiteNotBuiltError } from './site/index.ts';
export {
  DEFAULT_DB_FILE,
  DEFAULT_MAIL_DIR,
  DEFAULT_DIST_DIR,
  DEFAULT_CONTENT_DIR,
  VAR_DIR,
  PROJECT_ROOT,
} from './paths.ts';
