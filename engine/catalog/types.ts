/** Catalogue types, generated from schemas/product-styles.schema.json (`joinery types`). */
export type {
  ProductStylesFile,
  Style,
  FinishGroup,
  FinishItem,
  Sample,
} from '../../schemas/types/product-styles.ts';
