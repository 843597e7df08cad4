/** The forms API: definitions from the site, streamed uploads, validation, storage, notifications. */
export { formsRoutes } from './routes.ts';
export { handleSubmit, FORM_API_MESSAGES, type SubmitResponse, type FormsDeps } from './submit.ts';
export { loadForm, FormLoadError } from './definitions.ts';
export {
  parseMultipart,
  MULTIPART_MESSAGES,
  type ParsedBody,
  type UploadedFile,
  type MultipartOptions,
} from './multipart.ts';
export { checkFileContent, type DetectedType } from './file-check.ts';
export { verifyRecaptcha, RecaptchaUnavailableError } from './recaptcha.ts';
export { notificationMails, NOTIFICATION_KIND } from './notify.ts';
export { RATE_LIMIT_MESSAGE } from './rate-limit.ts';
export { siteSettings, type SiteSettings } from './site-settings.ts';
