/**
 * Per-block weight: each block's shipped JavaScript (its island's own chunk and what it alone
 * pulls in, and what it shares with other islands) and CSS, gzip, from the build in dist/ (or
 * JOINERY_DIST_DIR). Run alone: node --import tsx bench/block-weights.ts. Printed, never asserted.
 */
import { blockWeights, overBudget, weightTable } from '../cli/build/block-weights.ts';
import { loadServerBlocks } from '../cli/build/prerender-inputs.ts';
import { buildDir } from './lib.ts';

const weights = blockWeights(buildDir(), await loadServerBlocks(buildDir()));
console.log(weightTable(weights));
for (const l of overBudget(weights)) console.log(`over budget: ${l}`);
