import { FORM_TEXTS } from '../../engine/forms/index.ts';
import type { FormFile } from '../../engine/forms/index.ts';

/** Texts of the form block's own controls; forms override the button texts in their definition. */
export const UI_TEXTS = {
  submit: 'Submit',
  next: 'Next',
  back: 'Back',
  reset: 'Reset',
  sending: 'Sending...',
  choose: 'Select an option',
  loadingOptions: 'Loading...',
  optionsFailed: 'The list could not be loaded. Please try again later.',
  dropZone: 'Drag and drop files here, or click to browse',
  chooseFiles: 'Choose files',
  remove: 'Remove',
  progress: 'Form progress',
  completed: '(completed)',
  yes: 'Yes',
  no: 'No',
  close: 'Close',
  sectionHasErrors: '(needs attention)',
} as const;

export function successTexts(def: FormFile): { title: string; text: string } {
  return {
    title: def.messages?.successTitle ?? FORM_TEXTS.successTitle,
    text: def.messages?.success ?? FORM_TEXTS.success,
  };
}

/** The server's message when it sent one, else the form's, else the generic one. */
export function errorText(def: FormFile, serverMessage?: string): string {
  return serverMessage ?? def.messages?.error ?? FORM_TEXTS.error;
}
