/** The build-time modules of web/build (Vite plugins). */
declare module 'virtual:request-validators' {
  import type { ValidateFunction } from 'ajv';
  /** The validators of engine/api/request-checks.ts's FORM_REQUESTS, by name, given ajv's runtime helpers. */
  export function requests(require: (name: string) => unknown): Record<string, ValidateFunction>;
}
