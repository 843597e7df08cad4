/** Separators inside an indexed document's search text (control characters never left in normalised text). */
export const FIELD_SEPARATOR = '\u0001';
export const SKU_SEPARATOR = '\u0002';
