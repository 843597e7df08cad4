import { relative } from 'node:path';
import { buildSite } from '../build/build-site.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK } from '../exit-codes.ts';
import { formatters } from '../lint/formatters/index.ts';
import { rules } from '../lint/rules/index.ts';
import { DIST_DIR } from '../paths.ts';

export async function buildCommand(): Promise<number> {
  const siteDir = getSiteDir();
  const result = await buildSite({
    siteDir,
    outDir: DIST_DIR,
    log: (l) => console.log(`joinery build: ${l}`),
    warn: (l) => console.warn(`joinery build: ${l}`),
  });
  if (!result.ok) {
    console.error(
      formatters.stylish!(result.findings, {
        siteDir: relative(process.cwd(), siteDir) || '.',
        rules: rules.map((r) => r.meta),
      }),
    );
    console.error(
      `joinery build: stopped by ${result.stage === 'check' ? 'missing files (joinery check)' : 'lint errors'}; nothing was built`,
    );
    return EXIT_CONTENT;
  }
  for (const f of result.failedBlocks)
    console.warn(
      `joinery build: warning: ${f.path}: block "${f.type}" (${f.key}) failed to render and was left out: ${f.message}`,
    );
  console.log(
    `joinery build: ${result.pages} pages in ${result.seconds.toFixed(1)} s -> ${relative(process.cwd(), DIST_DIR)}/site`,
  );
  return EXIT_OK;
}
