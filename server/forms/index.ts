/** The forms API: definitions from the site, streamed uploads, validation, storage, notifications. */
export { formsRoutes } from './routes.ts';
