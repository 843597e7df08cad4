/**
 * The form engine's framework-free core, safe for the browser and the server alike. Node-only
 * parts (the geo data source) are in engine/forms/node.ts.
 */
export { compileForm, fieldsInScope, isLastStep } from './compile.ts';
export { formHash } from '#form-hash';
export { MESSAGES, FORM_TEXTS, MESSAGE_TIMEOUT_MS, humanise } from './messages.ts';
export {
  defaultValues,
  resolveValues,
  isChecked,
  isEmpty,
} from './values.ts';
export { needsRecaptcha, RECAPTCHA_FIELD } from './field-issues.ts';
export { validateValues } from './validate.ts';
export { schemaFor } from './schema.ts';
export { createStepReducer, initialStepState, isFinished, type StepState, type StepAction } from './steps.ts';
export {
  saveProgress,
  loadProgress,
  clearProgress,
  type StorageLike,
} from './progress.ts';
export {
  submissionPayload,
  toFormData,
  type PayloadOptions,
} from './payload.ts';
export {
  computeEstimate,
  formatRange,
  toDollars,
  type Pricing,
  type PricingFile,
  type Estimate,
} from './price.ts';
export { sectionsOf, fieldsUpTo, firstSectionWith, type FormSection } from './sections.ts';
export {
  estimateDocument,
  ESTIMATE_TEXTS,
  definedLabel,
  plainValue,
  type EstimateDocument,
} from './estimate-document.ts';
export { drawEstimatePdf } from './estimate-pdf.ts';
export { pickFiles, isAllowedType, maxFileSizeMb, maxFileSizeBytes } from './files.ts';
export {
  fetchGeoSource,
  loadDynamicOptions,
  dynamicOptionErrors,
  geoRequestFor,
  geoPath,
  serveGeo,
  type GeoSource,
} from './geo.ts';
export type * from './types.ts';
