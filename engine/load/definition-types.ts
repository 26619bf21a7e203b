/**
 * What loadDefinitions returns and what the program builders read, as types alone, so that the loader
 * (load-definitions.ts), the builders (build-program.ts, build-documents.ts), register-cases.ts and versioning.ts
 * share them without importing each other. Re-exported by load-definitions.ts.
 */

import type { UsageWording } from '../usage.ts';
import type { Logic } from '../logic/walk.ts';
import type { Diagnostic, Program, StageModel, TaskForm } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

/** A program's table of example jobs, as loaded. */
export interface CasesFile {
  file: string;
  parsed: ParsedFile;
  value: Record<string, unknown>;
}

/** What an upload widget takes (task-schemas/_shared `uploads:`). */
export interface UploadKind {
  /** What one file is called (photo, PDF). */
  label: string;
  /** Allowed extensions, each with the content types its bytes may show. */
  accept: Record<string, string[]>;
}

/** Everything loaded. */
export interface Definitions {
  programs: Record<string, Program>;
  forms: Record<string, TaskForm>;
  /** Upload widgets by name (photo_upload, pdf_upload). */
  uploads: Record<string, UploadKind>;
  cases: Record<string, CasesFile>;
  shared: SharedDefs;
  diagnostics: Diagnostic[];
}

/** Shared definitions from program-defs/_shared. */
export interface SharedDefs {
  stage_models: Record<string, Omit<StageModel, 'id'>>;
  ineligibility_reasons: Record<string, string>;
  eligibility_rules: Record<
    string,
    {
      reason: string;
      description?: string;
      homeowner_message?: string;
      ineligible_if: Logic;
      needs?: string[];
      file: ParsedFile;
      key: string;
    }
  >;
  rules: Record<
    string,
    {
      field?: string;
      applies_if?: Logic;
      valid_if: Logic;
      message: string;
      severity?: 'error' | 'warning';
      file: ParsedFile;
      key: string;
    }
  >;
  constants: Record<string, unknown>;
  document_templates: Record<
    string,
    {
      title: string;
      fields?: Record<string, { label: string; value: Logic }>;
      sections: { heading?: string; paragraphs: string[] }[];
      file: ParsedFile;
      key: string;
    }
  >;
  /** The usage collection workflow's wording (_shared/usage-collection.yaml); empty until that file is loaded. */
  usage_collection: Partial<UsageWording>;
}
