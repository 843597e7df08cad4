/**
 * Every text the form engine produces, exactly as the specification quotes it (typos included).
 * The browser and the server both read these, so a shopper sees the same words on either side.
 */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Invalid email address',
  number: 'Must be a number',
  selectAtLeastOne: 'Select at least one option',
  invalidSelection: 'Invalid selection',
  tooShort: '{label} seems too short',
  tooLong: '{label} seems too long',
  fileRequired: 'At least one file is required',
  fileTooLarge: 'File is too large, maximum allowed size is {n}MB',
  fileType: 'Unsupported file format',
  /** Shown by the picker for files it refused to add (not a validation error). */
  fileDropped: 'File format is not supported',
  recaptcha: 'Please complete the reCAPTCHA verification.',
  /**
   * Not in the specification: the picker caps the list at maxFiles, so only a hand-made request
   * can carry more; the server still has to say something.
   */
  tooManyFiles: 'You can upload at most {n} files',
} as const;

/** Form-level texts for the form block and the forms API. */
export const FORM_TEXTS = {
  error: 'Something went wrong. Plase try again later.',
  successTitle: 'Thank you!',
  success: 'Your form has been submitted successfully.',
  contactSuccess: 'We have received your message. Our Team will contact you soon.',
  networkError: 'Submission failed',
} as const;

/** How long success and error messages stay on screen. */
export const MESSAGE_TIMEOUT_MS = 5000;

/** Default per-file limit in MB when a file field sets no maxFileSize. */
export const DEFAULT_MAX_FILE_SIZE_MB = 2;

/** "firstName" / "first_name" -> "First name": the label of a field that has none. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
