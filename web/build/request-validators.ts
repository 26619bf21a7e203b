/**
 * A Vite plugin: `import { requests } from 'virtual:request-validators'` is the ajv standalone code of
 * the request bodies the pages' forms send (engine/api/request-checks.ts), generated when the app is
 * built. The page validates those forms with the server's own schemas and options, and generates no
 * code itself (its CSP has no 'unsafe-eval').
 */

import type { Plugin } from 'vite';
import { moduleFactory, requestValidatorsCode } from '../../engine/forms/standalone.ts';

const ID = 'virtual:request-validators';
const RESOLVED = `\0${ID}`;

export function requestValidators(): Plugin {
  return {
    name: 'request-validators',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) =>
      id === RESOLVED
        ? `// Generated at build time from engine/api/request-checks.ts.\n${moduleFactory('requests', requestValidatorsCode())}`
        : undefined,
  };
}
