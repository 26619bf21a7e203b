/**
 * What ajv's standalone code asks for by `require(name)`: its runtime helpers and ajv-formats' formats,
 * answered from the app's own bundle (for the server-generated form modules and the build-time request
 * validators alike).
 */

import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import * as validationError from 'ajv/dist/runtime/validation_error';
import * as formats from 'ajv-formats/dist/formats';

/**
 * A CommonJS module's `exports.default` as the bundle hands it over: the bundler's interop may wrap the
 * exports object once more (`{ default: { default: fn } }`), so unwrap to the value itself.
 */
function defaultOf(m: unknown): unknown {
  let v = (m as { default?: unknown }).default;
  while (v && typeof v === 'object' && 'default' in v) v = (v as { default?: unknown }).default;
  return v;
}
const fullFormats =
  (formats as { fullFormats?: unknown }).fullFormats ??
  (formats as unknown as { default: { fullFormats: unknown } }).default.fullFormats;

/** What generated code may `require`: the modules ajv's standalone code and ajv-formats name, as `require` returns
 * them. */
const RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/equal': { default: defaultOf(equal) },
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2length) },
  'ajv/dist/runtime/validation_error': { default: defaultOf(validationError) },
  'ajv-formats/dist/formats': { fullFormats },
};

export function runtimeRequire(name: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(RUNTIME, name))
    throw new Error(`Generated validators need '${name}', which the page does not provide`);
  return RUNTIME[name];
}
