/**
 * The fixture shop (tests/fixtures/sites/shop): a frozen content folder with three styles and
 * the shipping, tax and payment tables, so checkout tests keep their figures when Hearthline's
 * own site-config changes. Tests of the shipped shop use DEFAULT_CONTENT_DIR on purpose.
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';

export const FIXTURE_SHOP_DIR = join(PROJECT_ROOT, 'tests/fixtures/sites/shop');
