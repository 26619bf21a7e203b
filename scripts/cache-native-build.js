// CI (.ci/run), after npm ci: keeps better-sqlite3's compiled addon where its installer looks before compiling.
// better-sqlite3 installs with `prebuild-install || node-gyp rebuild`: its prebuilt binaries are on GitHub, which these
// machines cannot reach, so every install compiles SQLite (about a minute of CI's install on 2 cores). prebuild-install
// first looks in its cache in npm's cache folder (~/.npm/_prebuilds), under a name made of the package's version, the
// Node ABI, the platform and the architecture: the addon this install compiled is packed there once, and the next
// install on this machine unpacks it instead of compiling. A machine without it compiles, as before.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const dir = join(import.meta.dirname, '..', 'node_modules', 'better-sqlite3');
const addon = join(dir, 'build', 'Release', 'better_sqlite3.node');
try {
  const pkg = require(join(dir, 'package.json'));
  const rc = require('prebuild-install/rc')(pkg);
  const util = require('prebuild-install/util');
  const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
  if (existsSync(cached)) console.log(`better-sqlite3: the compiled addon is cached (${cached})`);
  else if (existsSync(addon)) {
    mkdirSync(dirname(cached), { recursive: true });
    const tmp = `${cached}.${process.pid}.tmp`;
    execFileSync('tar', ['-czf', tmp, '-C', dir, 'build/Release/better_sqlite3.node']);
    renameSync(tmp, cached);
    console.log(`better-sqlite3: the compiled addon cached for the next install on this machine (${cached})`);
  }
} catch (e) {
  // A cache is never a failure: the next install compiles.
  console.log(`better-sqlite3: the compiled addon was not cached (${e.message})`);
}
