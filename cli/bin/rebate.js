#!/usr/bin/env node
// The `rebate` command. The CLI is TypeScript run without a build step: it is bundled on first use
// (and again whenever one of its source files changes) with the esbuild that tsx brings, into
// node_modules/.cache/rebate/cli.mjs, which starts in a fraction of the time tsx takes to load some
// sixty modules one by one. Where that cannot be done (no esbuild, a read-only install, a file that
// does not compile), tsx runs the sources directly, as it always did; REBATE_NO_BUNDLE=1 asks for that.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/rebate');
const BUNDLE = join(CACHE, 'cli.mjs');
const STAMP = join(CACHE, 'cli.json');

/** The size and time of a file, or null when it is gone. */
function stamp(file) {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** Whether the bundle was built from the sources as they are now (the stamp lists each source's size and time). */
function fresh() {
  try {
    const built = JSON.parse(readFileSync(STAMP, 'utf8'));
    if (built.node !== process.version || stamp(BUNDLE) !== built.bundle) return false;
    return Object.entries(built.inputs).every(([file, s]) => stamp(join(ROOT, file)) === s);
  } catch {
    return false;
  }
}

/** Bundles cli/main.ts (packages stay imports); each module's import.meta.url stays its own file's. */
async function bundle() {
  const esbuild = createRequire(fileURLToPath(import.meta.resolve('tsx')))('esbuild');
  const ownUrl = {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replace(
          /\bimport\.meta\.url\b/g,
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: 'ts',
      }));
    },
  };
  const temp = `${BUNDLE}.${process.pid}.tmp`;
  const result = await esbuild.build({
    entryPoints: [join(ROOT, 'cli/main.ts')],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    outfile: temp,
    metafile: true,
    logLevel: 'silent',
    plugins: [ownUrl],
  });
  mkdirSync(CACHE, { recursive: true });
  renameSync(temp, BUNDLE);
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, stamp(join(ROOT, file))]));
  const stampTemp = `${STAMP}.${process.pid}.tmp`;
  writeFileSync(stampTemp, JSON.stringify({ node: process.version, bundle: stamp(BUNDLE), inputs }));
  renameSync(stampTemp, STAMP);
}

/** The CLI's `main`: from the bundle when it is (or can be made) current, else through tsx. */
async function loadMain() {
  if (!process.env.REBATE_NO_BUNDLE) {
    try {
      if (!fresh()) await bundle();
      return (await import(pathToFileURL(BUNDLE).href)).main;
    } catch {
      // Fall through to tsx, which reports a source that does not compile at its line.
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../main.ts')).main;
}

// A closed pipe (`rebate explain ... | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
