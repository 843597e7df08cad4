/** Newsletter: double opt-in subscriptions with hashed tokens, the confirmation and welcome e-mails, the API. */
export { newsletterRoutes } from './routes.ts';
export { subscribeEmail } from './subscriptions.ts';
export { signupEmail } from './signup.ts';
export { confirmMail } from './confirm-mail.ts';
