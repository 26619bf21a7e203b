/** The engine's public API: pure functions over plain data, used by server, web and cli. */

export * from './constants.ts';
export type * from './types.ts';
export { householdKey } from './household.ts';
export {
  loadDefinitions,
  kindOf,
  formFields,
  type Definitions,
  type UploadKind,
  type CasesFile,
  type LoadOptions,
} from './load/load-definitions.ts';
export {
  buildFacts,
  jobInputOf,
  readFact,
  isMissing,
  JOB_FACTS,
  DERIVED_FACTS,
  type Facts,
  type JobRecord,
} from './facts.ts';
export { evaluateJob, evaluateJobWithFacts } from './evaluate-job.ts';
export {
  documentsFor,
  prepareDocument,
  documentTasks,
  combinedStatus,
  signatureFields,
  documentText,
  type Parties,
  type PreparedDocument,
} from './documents.ts';
export {
  USAGE_STEPS,
  USAGE_FAILURES,
  USAGE_FACTS,
  freshSteps,
  overallStatus,
  energyHistory,
  stepWords,
  homeownerMessage,
  fillWords,
  type UsageStep,
  type UsageSteps,
  type UsageStepState,
  type UsageFailure,
  type UsageWording,
  type UsageOverall,
  type EnergyHistory,
} from './usage.ts';
export { SUBMISSION_MESSAGES, submitStageOf, isPastSubmit, isOpenTask, submissionRefusal } from './submission.ts';
export { evaluateEligibility } from './eligibility.ts';
export { evaluateTasks } from './tasks.ts';
export { deriveStage, stageTabs } from './stages.ts';
export { evaluateIncentive, INCENTIVE_ERROR } from './incentives.ts';
export { payeeOf } from './results.ts';
export { checkTaskRules, type RuleMessage } from './task-rules.ts';
export {
  flagException,
  clearException,
  transferOwnership,
  resetOwnership,
  type TaskActionResult,
} from './task-actions.ts';
export {
  JOB_SEARCH,
  CONTRACTOR_SEARCH,
  searchFor,
  isSearchable,
  SEARCH_MAX_CHARS,
  SEARCH_MESSAGES,
  type SearchConfig,
  type SearchKey,
} from './search.ts';
export { initialEligibility, type InitialEligibility } from './initial-eligibility.ts';
export { formatCents, explainRule } from './explain.ts';
export { CUSTOM_OPERATIONS, CUSTOM_OPERATION_DOCS, BUILTIN_OPERATIONS } from './logic/operations.ts';
export {
  createCompiler,
  createReferenceCompiler,
  applyReference,
  truthy,
  type CompiledRule,
} from './logic/evaluators.ts';
export { factsRead, operationsUsed, unknownOperations } from './logic/walk.ts';
export { describeLogic, describeVar, type LogicNames } from './logic/describe.ts';
export {
  plainWords,
  humanizeKey,
  longDate,
  JOB_FACT_LABELS,
  type PlainWords,
  type FactWords,
  type MissingAnswers,
} from './plain-words.ts';
export { runCases, type CaseResult } from './cases.ts';
export {
  validateTask,
  validateTaskSubmission,
  pruneTaskData,
  type TaskValidation,
  type FieldMessage,
} from './forms/validate-task.ts';
export { hiddenFields, jobOnlyFacts } from './forms/field-conditions.ts';
export {
  incomeBandsBySize,
  bandsForSize,
  incomeBandText,
  incomeVerificationService,
  incomeGuidance,
  type IncomeBand,
} from './income-limits.ts';
export { DRAFT_LIMITS, draftSizeErrors } from './forms/draft-limits.ts';
export { conditionalsOf } from './forms/compile-form.ts';
export { taskFormFromDocument, type FormDocument, type FormRuleDocument } from './load/form-document.ts';
export { createFormAjv } from './forms/form-ajv.ts';
export { PHONE_PATTERN } from './forms/form-ajv.ts';
export { MESSAGES, OUR_MESSAGES } from './forms/messages.ts';
export { ERROR_CODES, STATUS_CODES, codeOfStatus, type ErrorCode } from './api/error-codes.ts';
export { definitionChanges, describeChange, type DefinitionChange } from './definition-diff.ts';
export {
  definitionVersions,
  overlayProgramText,
  overlayVersion,
  versionFilesOf,
  versionHash,
  type DefinitionVersion,
} from './versioning.ts';
export {
  impactReport,
  impactRun,
  mergeImpact,
  type ImpactRun,
  type ImpactJob,
  type ImpactOutcome,
  type ImpactJobChange,
  type ImpactReport,
} from './impact.ts';
export { CONTRACTOR_STANDINGS, QUALITY_REVIEW_KINDS } from './types-quality.ts';
export {
  nextStanding,
  qualityDraw,
  sampleJob,
  type ReviewOutcome,
  type SampleDecision,
  type SampleInput,
  type SampleReason,
  type StandingChange,
} from './quality.ts';
export { reportRecords, bulkFile, type ReportRecord, type ReportJob, type ReportKind } from './reporting.ts';
export type { ReportingDef } from './types-reporting.ts';
export { liftWords, suggestionWords, NO_SINGLE_CHANGE } from './would-pass-words.ts';
export { whatWouldPass, withChanges, type Suggestion, type FactChange } from './what-would-pass.ts';
