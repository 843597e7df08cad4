/**
 * The images the editor takes as an upload, by extension, with the Content-Type it sends them as:
 * the formats the image pipeline makes a page's variants from. Shared by the field and the server.
 */
import { DEFAULT_MAX_ORIGINAL_BYTES } from '../../../../engine/images/sizes.ts';

export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** Uploads stop at the default limit on an original (lint's image-too-large): a photographer's full-size JPEG fits. */
export const UPLOAD_LIMIT_MB = DEFAULT_MAX_ORIGINAL_BYTES / 1e6;

export const WRONG_TYPE = 'Upload an image: .jpg, .png, .webp, .avif or .svg';

/** A file name's extension, lower case ('' without one). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};
