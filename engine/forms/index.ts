/**
 * The form engine's framework-free core, safe for the browser and the server alike. Node-only
 * parts (the geo data source) are in engine/forms/node.ts.
 */
export { compileForm, fieldsInScope, isLastStep, FormDefinitionError } from './compile.ts';
export { canonicalJson } from './hash.ts';
export { formHash } from '#form-hash';
export { MESSAGES, FORM_TEXTS, MESSAGE_TIMEOUT_MS, DEFAULT_MAX_FILE_SIZE_MB, humanise } from './messages.ts';
export {
  cleanValues,
  defaultValues,
  hiddenFields,
  resolveValues,
  isChecked,
  isEmpty,
  isListField,
  type ResolvedValues,
} from './values.ts';
export { fieldError } from './rules.ts';
export {
  schemaFor,
  collectIssues,
  needsRecaptcha,
  RECAPTCHA_FIELD,
  type SchemaOptions,
  type FieldIssue,
  type FormSchema,
} from './schema.ts';
export { validateValues, type ValidationResult } from './validate.ts';
export { createStepReducer, initialStepState, isFinished, type StepState, type StepAction } from './steps.ts';
export {
  progressKey,
  saveProgress,
  loadProgress,
  clearProgress,
  type StorageLike,
  type SavedProgress,
} from './progress.ts';
export {
  submissionPayload,
  toFormData,
  type SubmissionPayload,
  type PayloadOptions,
  type FieldDescriptor,
} from './payload.ts';
export {
  computeEstimate,
  formatRange,
  formatMoney,
  toDollars,
  DEFAULT_PRICE_TEMPLATE,
  type Pricing,
  type PricingFile,
  type OptionPrice,
  type CentsRange,
  type Estimate,
  type EstimateRow,
} from './price.ts';
export { sectionsOf, fieldsUpTo, firstSectionWith, type FormSection } from './sections.ts';
export {
  estimateDocument,
  estimateDates,
  plainValue,
  ESTIMATE_TEXTS,
  type EstimateDocument,
} from './estimate-document.ts';
export { pickFiles, isAllowedType, maxFileSizeMb, maxFileSizeBytes, type PickResult } from './files.ts';
export {
  fetchGeoSource,
  loadDynamicOptions,
  dynamicOptionErrors,
  geoRequestFor,
  geoPath,
  parseGeoPath,
  serveGeo,
  loadGeo,
  type GeoSource,
  type GeoRequest,
} from './geo.ts';
export type * from './types.ts';
