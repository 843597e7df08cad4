/** The client address now lives in server/http/ (forms, orders and payments share it). */
export { clientAddress } from '../http/client-address.ts';
