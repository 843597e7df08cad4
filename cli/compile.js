/**
 * The commands and the server as plain ESM JavaScript: every TypeScript file of cli/, server/,
 * engine/ and blocks/ (tests aside) compiled once by esbuild, file for file, into
 * node_modules/.cache/joinery-js/<key>/ (git-ignored, gone with `npm ci`). The key hashes each
 * source's path, size and mtime with package.json, the lockfile and this file, so an edit gives a
 * fresh copy at the next command and an unchanged tree reuses it. Plain JavaScript: it runs before
 * any loader.
 *
 * The compiled code behaves as if it were at its source: `import.meta.url` (and dirname,
 * filename) name the source file, so paths relative to it (the project root, schemas, workers,
 * the dev overlay's browser file) are the same; relative `.ts`/`.tsx` imports become `.js`;
 * `#form-hash` resolves through the copy's own package.json; the packages of VENDORED are
 * bundled under vendor/. The commands of BUNDLED are each one file (see bundleCommand).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedDataVersionTag } from 'node:v8';
import { Script, constants as vmConstants } from 'node:vm';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['cli', 'server', 'engine', 'blocks'];
// JOINERY_COMPILED_ROOT: another folder for the copies, inside the project (its packages are found
// from there), e.g. for a test that starts from none as a fresh clone does.
const COMPILED_ROOT = process.env.JOINERY_COMPILED_ROOT
  ? resolve(process.env.JOINERY_COMPILED_ROOT)
  : join(ROOT, 'node_modules', '.cache', 'joinery-js');
/**
 * Copies kept: the newest few, and any a command started from in the last hour (a server still
 * running from an older copy may load a module from it later).
 */
const KEEP = 5;
const KEEP_USED_MS = 3_600_000;

/**
 * Packages of many small modules, each bundled into one file (with shared chunks) under vendor/,
 * so that a start resolves and reads hundreds of files fewer. Pure ESM packages that read no file
 * beside their code, imported by the compiled code only (one instance either way).
 */
const VENDORED = ['kysely', 'stripe', 'zod'];
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const vendorName = (spec) => spec.replaceAll('/', '__');
const vendorFile = (dir, spec) => join(dir, 'vendor', `${vendorName(spec)}.js`);

/**
 * Commands whose compiled file is their whole module graph in one file: the server's start
 * resolves, reads and links one module instead of some 200 (the packages stay imports).
 */
const BUNDLED = ['cli/commands/start.ts'];
/**
 * Packages bundled into those commands (the others stay imports): pure ESM of many small modules
 * that read no file beside their code and that no module outside the bundle imports.
 */
const BUNDLED_PACKAGES = ['hono', '@hono/node-server'];
/** The program's entry: the modules it imports statically stay shared files (see bundleCommand). */
const PROGRAM = 'cli/main.ts';

const SOURCE = /(?<!\.test|\.d)\.tsx?$/;

/**
 * Every TypeScript source to compile (tests aside), with its stat: at every command, so kept lean
 * (a walk of directory entries: Node 20's recursive readdirSync took some 20 times as long).
 */
function sources() {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(child);
      } else if (SOURCE.test(e.name)) {
        const abs = `${ROOT}/${child}`;
        out.push({ abs, rel: child, stat: statSync(abs) });
      }
    }
  };
  for (const top of SOURCE_DIRS) walk(top);
  return out.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

function keyOf(files) {
  const h = createHash('sha1');
  // Besides the sources: the "imports", the installed versions (the vendored packages, esbuild) and this file.
  for (const f of ['package.json', 'package-lock.json', 'node_modules/esbuild/package.json', 'cli/compile.js']) {
    const s = statSync(join(ROOT, f), { throwIfNoEntry: false });
    h.update(`${f}\0${s?.size}\0${s?.mtimeMs}\n`);
  }
  h.update(`${ROOT}\n${process.version}\n`);
  for (const f of files) h.update(`${f.rel}\0${f.stat.size}\0${f.stat.mtimeMs}\n`);
  return h.digest('hex').slice(0, 16);
}

/** The compiled copy of the current sources: its folder, compiled first when there is none yet. */
export async function compiledDir() {
  const files = sources();
  const dir = join(COMPILED_ROOT, keyOf(files));
  try {
    // Its time marks its last use (see prune).
    utimesSync(dir, new Date(), new Date());
    return dir;
  } catch {}
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await compileFiles(
    files.map((f) => f.abs),
    tmp,
    dir,
  );
  writeCopyPackageJson(tmp);
  try {
    renameSync(tmp, dir);
  } catch {
    // Another process compiled the same sources at the same time: its copy is as good.
    rmSync(tmp, { recursive: true, force: true });
  }
  prune(dir);
  return dir;
}

/**
 * Compiles the given sources (absolute paths under the root) into outDir, keeping their paths;
 * `JOINERY_COMPILED_DIR` in them becomes finalDir, the folder they run from (cli/compiled.ts).
 */
export async function compileFiles(files, outDir, finalDir = outDir) {
  const esbuild = await import('esbuild');
  const target = `node${process.versions.node.split('.')[0]}`;
  const vendored = new Set();
  const staticImports = new Map();
  await esbuild.build({
    entryPoints: files,
    outdir: outDir,
    outbase: ROOT,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target,
    jsx: 'automatic',
    define: { JOINERY_COMPILED_DIR: JSON.stringify(finalDir) },
    logLevel: 'error',
    plugins: [asAtSource(finalDir, vendored, staticImports)],
  });
  const bundled = BUNDLED.map((rel) => join(ROOT, rel)).filter((f) => files.includes(f));
  if (bundled.length) {
    const shared = staticClosure(join(ROOT, PROGRAM), staticImports);
    for (const entry of bundled) await bundleCommand(esbuild, entry, outDir, finalDir, shared, target);
  }
  if (!vendored.size) return;
  await esbuild.build({
    entryPoints: Object.fromEntries([...vendored].map((spec) => [vendorName(spec), spec])),
    outdir: join(outDir, 'vendor'),
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target,
    logLevel: 'error',
    plugins: [vendorExternals],
  });
}

/** In the vendored bundle, the vendored packages only: any other package stays an import. */
const vendorExternals = {
  name: 'joinery-vendor-externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || VENDORED.includes(packageOf(args.path))
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Each import stays an import (the files are compiled one by one): a relative TypeScript one names
 * the compiled .js beside it, any other relative one (a .js or .json file) the source file itself.
 * Records each file's static imports of sources in `staticImports` (importer -> imported).
 */
const asAtSource = (finalDir, vendored, staticImports) => ({
  name: 'joinery-as-at-source',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (VENDORED.includes(packageOf(args.path))) {
        vendored.add(args.path);
        return { path: pathToFileURL(vendorFile(finalDir, args.path)).href, external: true };
      }
      if (!/^\.\.?\//.test(args.path)) return { path: args.path, external: true };
      if (/\.tsx?$/.test(args.path)) {
        if (args.kind === 'import-statement') {
          const edges = staticImports.get(args.importer) ?? new Set();
          staticImports.set(args.importer, edges.add(resolve(args.resolveDir, args.path)));
        }
        return { path: args.path.replace(/\.tsx?$/, '.js'), external: true };
      }
      return { path: pathToFileURL(resolve(args.resolveDir, args.path)).href, external: true };
    });
    build.onLoad({ filter: /\.tsx?$/ }, (args) => ({
      contents: asAtSourceText(args.path),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
});

/** A source's text with `import.meta.url` (dirname, filename) naming the source file itself. */
const asAtSourceText = (file) =>
  readFileSync(file, 'utf8')
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(file)))
    .replaceAll('import.meta.filename', JSON.stringify(file));

/** The sources `entry` loads through static imports, itself included. */
function staticClosure(entry, staticImports) {
  const seen = new Set([entry]);
  for (const file of seen) for (const next of staticImports.get(file) ?? []) seen.add(next);
  return seen;
}

/**
 * Replaces a command's compiled file with a bundle of every source it loads (dynamic imports
 * included). The sources in `shared` (those the program loaded before the command: their state
 * and classes, e.g. the site folder and UsageError, must be the same objects) stay imports of
 * their compiled files, as do the packages. "sideEffects" is ignored: a source imported for its
 * effect (engine/node.ts's shop scope) runs as it does unbundled.
 */
async function bundleCommand(esbuild, entry, outDir, finalDir, shared, target) {
  const compiledUrl = (abs) => pathToFileURL(join(finalDir, relative(ROOT, abs).replace(/\.tsx?$/, '.js'))).href;
  await esbuild.build({
    entryPoints: [entry],
    outfile: join(outDir, relative(ROOT, entry).replace(/\.tsx?$/, '.js')),
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target,
    jsx: 'automatic',
    ignoreAnnotations: true,
    define: { JOINERY_COMPILED_DIR: JSON.stringify(finalDir) },
    logLevel: 'error',
    plugins: [
      {
        name: 'joinery-bundle-command',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            const relativePath = /^\.\.?\//.test(args.path);
            // Inside a bundled package: its own files are bundled with it.
            if (relativePath && args.importer.includes('/node_modules/')) return undefined;
            if (!relativePath && BUNDLED_PACKAGES.includes(packageOf(args.path))) return undefined;
            if (VENDORED.includes(packageOf(args.path)))
              return { path: pathToFileURL(vendorFile(finalDir, args.path)).href, external: true };
            if (!relativePath) return { path: args.path, external: true };
            const abs = resolve(args.resolveDir, args.path);
            if (!/\.tsx?$/.test(abs)) return { path: pathToFileURL(abs).href, external: true };
            return shared.has(abs) ? { path: compiledUrl(abs), external: true } : { path: abs };
          });
          build.onLoad({ filter: /\.tsx?$/ }, (args) => ({
            contents: asAtSourceText(args.path),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
}

/** The copy's package.json: ESM, and the root's "imports" (#form-hash) pointing at compiled files. */
function writeCopyPackageJson(dir) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const imports = JSON.parse(JSON.stringify(pkg.imports ?? {}).replace(/\.tsx?"/g, '.js"'));
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ type: 'module', imports }, null, 2)}\n`);
}

/** Removes the copies not kept (KEEP), and half-written ones a crash left (older than 10 minutes). */
function prune(keep) {
  const all = readdirSync(COMPILED_ROOT)
    .map((name) => join(COMPILED_ROOT, name))
    .filter((p) => p !== keep && p !== LINT_DIR)
    .map((p) => ({ p, t: statSync(p).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  const old = [
    ...all
      .filter((e) => !e.p.includes('.tmp-'))
      .slice(KEEP - 1)
      .filter((e) => Date.now() - e.t > KEEP_USED_MS),
    ...all.filter((e) => e.p.includes('.tmp-') && Date.now() - e.t > 600_000),
  ];
  for (const { p } of old) rmSync(p, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// `joinery lint` as one file. The per-file copy above makes lint resolve, read and compile about
// a hundred modules and walk every source for its freshness key; the lint bundle is cli/main.ts
// with everything lint runs (cli/lint, the lean engine/lint.ts, commander, jsonc-parser) in one
// CommonJS file, run through V8's code cache of an earlier run. Its freshness key covers only the
// files bundled in (esbuild's metafile, kept in a manifest beside it): an edit of any of them, or
// of an import that adds one, changes it.
// ---------------------------------------------------------------------------------------------

const LINT_DIR = join(COMPILED_ROOT, 'lint');
const LINT_MANIFEST = join(LINT_DIR, 'manifest.json');
/** The files besides the bundled ones whose change makes a new bundle (as keyOf's). */
const LINT_KEY_FILES = ['package.json', 'package-lock.json', 'node_modules/esbuild/package.json', 'cli/compile.js'];

/**
 * Dynamic imports bundled in: lint's own code and the engine's (not a block's component). The
 * other commands' modules stay imports of their sources, which `joinery lint` never runs.
 */
const IN_LINT = /^(cli\/lint\/|cli\/commands\/lint\.ts$|engine\/.*\.ts$)/;

/** The command a `joinery` argument list runs: the first argument that is not a global option. */
export function commandOf(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--site') i++;
    else if (!args[i].startsWith('-')) return args[i];
  }
  return undefined;
}

function lintKey(inputs) {
  const h = createHash('sha1');
  h.update(`${ROOT}\n${process.version}\n`);
  for (const f of [...LINT_KEY_FILES, ...inputs]) {
    const s = statSync(join(ROOT, f), { throwIfNoEntry: false });
    h.update(`${f}\0${s?.size}\0${s?.mtimeMs}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

/** The lint bundle of the current sources, bundled first when there is none or an input changed. */
export async function lintBundle() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(LINT_MANIFEST, 'utf8'));
    const file = join(LINT_DIR, `lint-${manifest.key}.cjs`);
    if (lintKey(manifest.inputs) === manifest.key && statSync(file, { throwIfNoEntry: false })) return file;
  } catch {}
  const started = Date.now();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(ROOT, 'cli', 'main.ts')],
    write: false,
    outfile: join(LINT_DIR, 'lint.cjs'),
    absWorkingDir: ROOT,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    // jsonc-parser's ESM build: its UMD one requires its parts by computed names.
    mainFields: ['module', 'main'],
    jsx: 'automatic',
    metafile: true,
    // Runs no compiled copy's file (cli/compiled.ts): lint starts no worker.
    define: { JOINERY_COMPILED_DIR: 'undefined' },
    logLevel: 'error',
    plugins: [lintScope],
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const key = lintKey(inputs);
  const file = join(LINT_DIR, `lint-${key}.cjs`);
  mkdirSync(LINT_DIR, { recursive: true });
  writeAtomically(file, result.outputFiles[0].contents);
  // An input edited while bundling may not be in the bundle: no manifest, so the next run bundles again.
  if (inputs.every((f) => (statSync(join(ROOT, f), { throwIfNoEntry: false })?.mtimeMs ?? 0) < started))
    writeAtomically(LINT_MANIFEST, JSON.stringify({ key, inputs }));
  for (const f of readdirSync(LINT_DIR))
    if (f.startsWith('lint-') && !f.startsWith(`lint-${key}.`) && !f.includes('.tmp-'))
      rmSync(join(LINT_DIR, f), { force: true });
  return file;
}

/** Writes through a temporary file: a reader sees the old file or the whole new one. */
function writeAtomically(file, data) {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * As asAtSource's `import.meta`; dynamic imports outside lint (IN_LINT) stay imports of their
 * source. node:child_process (commander's, for executable subcommands, which joinery has none of)
 * loads at its first use: it pulls in net, dgram and streams, a tenth of a lint's start.
 */
const lintScope = {
  name: 'joinery-lint-scope',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, () => ({ path: 'child_process', namespace: 'lazy-builtin' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require(${JSON.stringify(args.path)}))[k] });`,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === 'lint') return undefined;
      const r = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'lint' });
      if (r.errors.length || IN_LINT.test(relative(ROOT, r.path).replaceAll(sep, '/'))) return r;
      return { path: pathToFileURL(r.path).href, external: true };
    });
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const url = pathToFileURL(args.path).href;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Runs a lint bundle: its exports (cli/main.ts's `main`), and `saveCodeCache()` to call once the
 * command is done, which writes V8's code cache (with every function the run compiled) when
 * there was none or V8 refused it (another Node version).
 */
export function loadLintBundle(file) {
  // Per V8 version and flags (bin.js sets --no-opt): V8 refuses a cache made under others.
  const cacheFile = `${file}.${cachedDataVersionTag()}.v8`;
  const cachedData = statSync(cacheFile, { throwIfNoEntry: false }) ? readFileSync(cacheFile) : undefined;
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    {
      filename: file,
      cachedData,
      importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return {
    ...module.exports,
    saveCodeCache() {
      if (cachedData && !script.cachedDataRejected) return;
      try {
        writeAtomically(cacheFile, script.createCachedData());
      } catch {}
    },
  };
}
