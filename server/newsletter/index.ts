/** Newsletter: subscriptions with hashed unsubscribe tokens, the welcome e-mail, the toggle API. */
export { newsletterRoutes, NEWSLETTER_MESSAGES } from './routes.ts';
export { subscribeEmail, setStatusByToken, type SubscribeResult } from './subscriptions.ts';
export { signupEmail, NEWSLETTER_FORM } from './signup.ts';
export { welcomeMail, unsubscribeUrl, WELCOME_KIND } from './welcome-mail.ts';
export { newToken, hashToken } from './tokens.ts';
