/** Newsletter: double opt-in subscriptions with hashed tokens, the confirmation and welcome e-mails, the API. */
export { newsletterRoutes, NEWSLETTER_MESSAGES } from './routes.ts';
export {
  subscribeEmail,
  confirmSubscription,
  setStatusByToken,
  CONFIRM_TTL_MS,
  CONFIRM_RESEND_INTERVAL_MS,
  type SubscribeResult,
  type ConfirmResult,
} from './subscriptions.ts';
export { signupEmail, NEWSLETTER_FORM } from './signup.ts';
export { confirmMail, confirmUrl, CONFIRM_KIND } from './confirm-mail.ts';
export { welcomeMail, unsubscribeUrl, WELCOME_KIND } from './welcome-mail.ts';
export { newToken, hashToken } from '../tokens.ts';
