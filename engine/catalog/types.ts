/** Catalogue types, generated from schemas/product-styles.schema.json (`joinery types`). */
export type {
  ProductStylesFile,
  Style,
  StyleImage,
  FinishGroup,
  FinishItem,
  Image,
  DoorImage,
  PreviewImage,
  SpecGroup,
  FaqEntry,
  Video,
  Sample,
} from '../../schemas/types/product-styles.ts';
