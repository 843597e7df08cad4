/** 0 clean, 1 content errors, 2 usage or tool failure. */
export const EXIT_OK = 0;
export const EXIT_CONTENT = 1;
export const EXIT_USAGE = 2;

/** A failure to report as one line and exit 2 (never a stack trace). */
export class UsageError extends Error {}
