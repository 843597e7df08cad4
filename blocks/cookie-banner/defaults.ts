/** The banner's defaults, shared by its markup (index.tsx) and its browser code (client.ts). */
export const DEFAULT_TITLE = 'We value your privacy';
export const DEFAULT_ACCEPT_LABEL = 'Accept All';
export const DEFAULT_REJECT_LABEL = 'Reject All';
export const DEFAULT_MANAGE_LABEL = 'Manage Preferences';
export const DEFAULT_MANAGE_MESSAGE =
  "Cookie preferences are not available yet. Choose Accept All or Reject All; you can change your choice by clearing this site's cookies.";
export const DEFAULT_CTA_PATHS = ['/free-kitchen-design', '/order-samples', '/book-appointment'];
