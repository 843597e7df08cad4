/**
 * The tag manager's data layer. Every event carries the visitor's identity: an empty user id,
 * log-in status "Guest" and customer type "General" (the shop has anonymous guests only). Events are pushed whatever the consent: window.dataLayer is a
 * plain array in the page and sends nothing anywhere; only loading the tag manager script,
 * which reads it, waits for consent (see tag-manager.ts).
 */
const TRACKING_IDENTITY = { user_id: '', login_status: 'Guest', customer_type: 'General' } as const;

export type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

export function dataLayer(): DataLayerEntry[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** Pushes `{ event: name, ...data, user_id: '', login_status: 'Guest', customer_type: 'General' }`. */
export function pushEvent(name: string, data: DataLayerEntry = {}): DataLayerEntry {
  const entry = { event: name, ...data, ...TRACKING_IDENTITY };
  dataLayer().push(entry);
  return entry;
}
