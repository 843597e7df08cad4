/**
 * Authorize.Net's Accept.js for the direct-entry card fields: the
 * script comes from the method's `config.acceptJsUrl` and is loaded only when that method is
 * chosen; `Accept.dispatchData` takes the card with the public clientKey and apiLoginID and
 * answers opaque data (dataDescriptor, dataValue) or a messages list with resultCode Error, whose
 * text is shown. The shop's API gets the opaque data only, never the card.
 */
import { PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import { loadScript } from '../../ui/load-script.ts';
import type { AddressValues, CardValues } from '../checkout-form.ts';
import type { PaymentMethodInfo, PendingOrder } from '../checkout-client.ts';
import type { BrowserGateway } from './gateway.ts';

const AUTHORIZE_NET_GATEWAY = 'authorize-net';
const PROCESS_TRANSACTION_URL = '/api/payment/authorize-net/process-transaction';

interface AcceptResponse {
  opaqueData?: { dataDescriptor?: string; dataValue?: string };
  messages?: { resultCode?: string; message?: { code?: string; text?: string }[] };
}
interface AcceptApi {
  dispatchData(
    secureData: {
      authData: { clientKey: string; apiLoginID: string };
      cardData: { cardNumber: string; month: string; year: string; cardCode: string };
    },
    callback: (r: AcceptResponse) => void,
  ): void;
}
declare global {
  interface Window {
    Accept?: AcceptApi;
  }
}

export interface AcceptConfig {
  acceptJsUrl: string;
  clientKey: string;
  apiLoginID: string;
}

/** The method's Accept.js settings, when it is an Authorize.Net method with all three. */
export function acceptJsConfig(m: PaymentMethodInfo | undefined): AcceptConfig | undefined {
  if (m?.gateway !== AUTHORIZE_NET_GATEWAY) return undefined;
  const { acceptJsUrl, clientKey } = m.config ?? {};
  const apiLoginID = m.config?.apiLoginID ?? m.config?.loginId;
  return acceptJsUrl && clientKey && apiLoginID ? { acceptJsUrl, clientKey, apiLoginID } : undefined;
}

export type OpaqueResult = { dataDescriptor: string; dataValue: string } | { error: string };

export async function dispatchCard(cfg: AcceptConfig, card: CardValues): Promise<OpaqueResult> {
  try {
    await loadScript(cfg.acceptJsUrl, { charset: 'utf-8' });
  } catch {
    return { error: PAYMENT_MESSAGES.notAvailable };
  }
  const accept = window.Accept;
  if (!accept) return { error: PAYMENT_MESSAGES.notAvailable };
  const r = await new Promise<AcceptResponse>((resolve) => {
    try {
      accept.dispatchData(
        {
          authData: { clientKey: cfg.clientKey, apiLoginID: cfg.apiLoginID },
          cardData: {
            cardNumber: card.number.replace(/[\s-]/g, ''),
            month: card.expMonth.padStart(2, '0'),
            year: card.expYear,
            cardCode: card.cvv.trim(),
          },
        },
        resolve,
      );
    } catch {
      resolve({ messages: { resultCode: 'Error', message: [{ text: PAYMENT_MESSAGES.error }] } });
    }
  });
  const { dataDescriptor, dataValue } = r.opaqueData ?? {};
  if (r.messages?.resultCode !== 'Error' && dataDescriptor && dataValue) return { dataDescriptor, dataValue };
  const text = r.messages?.message
    ?.map((m) => m.text)
    .filter(Boolean)
    .join(' ');
  return { error: text || PAYMENT_MESSAGES.error };
}

const party = (a: AddressValues) => ({
  firstName: a.firstName.trim(),
  lastName: a.lastName.trim(),
  address: [a.street1, a.street2]
    .map((x) => x.trim())
    .filter(Boolean)
    .join(' '),
  city: a.city.trim(),
  state: a.state.trim(),
  zip: a.zipCode.trim(),
  country: a.countryId,
  phoneNumber: a.phoneNumber.trim(),
});

/** The process-transaction body, with the order's id and token; the server charges its own total. */
export function processTransactionBody(
  order: PendingOrder,
  paymentMethod: string,
  opaque: { dataDescriptor: string; dataValue: string },
  total: number | undefined,
  billing: AddressValues,
  shipping: AddressValues,
) {
  return {
    orderId: order.id,
    token: order.token,
    paymentMethod,
    dataDescriptor: opaque.dataDescriptor,
    dataValue: opaque.dataValue,
    ...(total === undefined ? {} : { amount: total }),
    additionalData: { customer: { email: billing.email.trim() }, billTo: party(billing), shipTo: party(shipping) },
  };
}

type Opaque = { dataDescriptor: string; dataValue: string };

/**
 * The card to Accept.js, its opaque value the token: an order pays by the process-transaction
 * route with the opaque data and the addresses; a quote by the shop's pay route with the value.
 */
const authorizeNet: BrowserGateway = {
  // Its own UTF-8 charset, as Authorize.Net asks.
  preload: (m) => void loadScript(m.config?.acceptJsUrl ?? '', { charset: 'utf-8' }).catch(() => undefined),
  async tokenize(req) {
    const cfg = acceptJsConfig(req.method);
    if (!cfg) return { error: PAYMENT_MESSAGES.notAvailable };
    const opaque = await dispatchCard(cfg, req.card);
    return 'error' in opaque ? opaque : { token: opaque.dataValue, data: opaque };
  },
  payCall(req, t) {
    const { subject, billing, shipping } = req;
    if (subject.kind !== 'order' || !billing || !shipping) return undefined;
    const order = { id: subject.id, token: subject.token };
    return {
      url: PROCESS_TRANSACTION_URL,
      body: processTransactionBody(order, req.method.name, t.data as Opaque, req.total, billing, shipping),
    };
  },
};
export default authorizeNet;
