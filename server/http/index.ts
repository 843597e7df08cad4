/** HTTP plumbing shared by every route: error shape, zod parsing, headers, limits, logging. */
export { ApiError, jsonError, errorBody, STATUS_MESSAGES, type ErrorBody, type FieldErrors } from './errors.ts';
export {
  parseJson,
  parseQuery,
  parseParams,
  validate,
  fieldErrors,
  queryObject,
  ROOT_ERROR_KEY,
  type ParseOptions,
} from './parse.ts';
export { errorHandler } from './on-error.ts';
export { securityHeaders, contentSecurityPolicy, siteHostLists, type HostList } from './security-headers.ts';
export { apiBodyLimit, type BodyLimits } from './body-limit.ts';
export { bodyDeadline, BODY_TIMEOUT_MESSAGE } from './body-deadline.ts';
export { requestLog } from './request-log.ts';
export { isApiPath, type AppEnv } from './env.ts';
