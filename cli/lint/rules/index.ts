/** The central list of lint rules, in the order they run. `fast` ones also run in `joinery check`. */
import blockMigration from './block-migration.ts';
import brokenLink from './broken-link.ts';
import catalogueIntegrity from './catalogue-integrity.ts';
import cspHost from './csp-host.ts';
import dataRef from './data-ref.ts';
import dataQuery from './data-query.ts';
import duplicateField from './duplicate-field.ts';
import duplicateKey from './duplicate-key.ts';
import duplicateRoute from './duplicate-route.ts';
import fieldOptions from './field-options.ts';
import formFieldRef from './form-field-ref.ts';
import imageAspect from './image-aspect.ts';
import imageDimensions from './image-dimensions.ts';
import imageTooLarge from './image-too-large.ts';
import imageTooSmall from './image-too-small.ts';
import imageUnused from './image-unused.ts';
import jsonLdFlags from './json-ld-flags.ts';
import jsonSyntax from './json-syntax.ts';
import lintConfig from './lint-config.ts';
import missingFile from './missing-file.ts';
import orphanPage from './orphan-page.ts';
import pricing from './pricing.ts';
import processedUrls from './processed-urls.ts';
import schema from './schema.ts';
import schemaRef from './schema-ref.ts';
import shippingSpeed from './shipping-speed.ts';
import shippingText from './shipping-text.ts';
import shippingThreshold from './shipping-threshold.ts';
import sitemapCanonical from './sitemap-canonical.ts';
import styleName from './style-name.ts';
import submitLastStep from './submit-last-step.ts';
import unknownBlock from './unknown-block.ts';
import type { Rule } from '../rule.ts';

export const rules: Rule[] = [
  jsonSyntax,
  duplicateKey,
  missingFile,
  schema,
  schemaRef,
  unknownBlock,
  blockMigration,
  brokenLink,
  duplicateRoute,
  orphanPage,
  dataRef,
  formFieldRef,
  duplicateField,
  fieldOptions,
  submitLastStep,
  pricing,
  catalogueIntegrity,
  dataQuery,
  imageDimensions,
  processedUrls,
  imageTooSmall,
  imageTooLarge,
  imageUnused,
  imageAspect,
  jsonLdFlags,
  sitemapCanonical,
  cspHost,
  shippingThreshold,
  shippingSpeed,
  shippingText,
  styleName,
  lintConfig(() => rules.map((r) => r.meta.code)),
];
