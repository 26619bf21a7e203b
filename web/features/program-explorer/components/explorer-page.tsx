/**
 * The program explorer (spec sect. 2; behind the program-explorer flag): the loaded definitions shown
 * as they run. Tabs: task configurations (/program-explorer), task dependencies
 * (/program-explorer/task-dependencies), and the program's definition versions and the impact of an
 * edit (/program-explorer?tab=versions|impact). ?program=, ?compare= and ?job= choose what is shown.
 */

import {
  Button,
  Callout,
  Card,
  H3,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { tabPanelProps } from '../../../lib/components/tab-panel.ts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  evaluateJob,
  type Definitions,
  type JobInput,
  type Program,
  type SourceFile,
} from '../../../../engine/index.ts';
import { useDefinitions, useJobInput, useProgramNames } from '../api/definitions.ts';
import { DEFAULT_PROGRAM } from '../api/sources.ts';
import { TaskConfig } from './task-config.tsx';
import { ProgramRules } from './program-rules.tsx';
import { DependencyGraph } from './dependency-graph.tsx';
import { TryIt } from './try-it.tsx';
import { SourceLink } from './source-link.tsx';
import { VersionsTab } from './versions-tab.tsx';
import { ImpactTab } from './impact-tab.tsx';
import { Fold, isPhone } from './fold.tsx';
import '../explorer.css';

const CONFIG = '/program-explorer';
const DEPS = '/program-explorer/task-dependencies';

/** The tabs chosen by ?tab= on the configurations' address. */
const QUERY_TABS = ['versions', 'impact', 'workbench'];

/** The program's stage labels and reason texts, for impact reports. */
const labelsOf = (program: Program) => ({
  stage: (n: number) => program.stage_model.stages.find((s) => s.number === n)?.label,
  reason: (r: string) => program.eligibility.find((e) => e.reason === r)?.reason_text,
});

// The workbench's editor and linter load only when the tab is opened.
const Workbench = lazy(() => import('../workbench/workbench-tab.tsx'));

/** The example job of a program's cases.yaml (its `base`), with the cases' date. */
function exampleOf(defs: Definitions, programId: string): { job: JobInput; today: string } {
  const file = defs.cases[programId]?.value as { base?: JobInput; today?: string } | undefined;
  return { job: file?.base ?? { tasks: {} }, today: file?.today ?? new Date().toISOString().slice(0, 10) };
}

function ProgramHeader({ program, files, hash }: { program: Program; files: SourceFile[]; hash?: string }) {
  return (
    <div className="program-header">
      <strong>{program.name}</strong> <Tag minimal>{program.id}</Tag> <Tag minimal>{program.stage_model.label}</Tag>
      <span className="muted hash" title="sha256 of the resolved definition">
        hash {program.hash.slice(0, 12)}
      </span>
      {hash && hash !== program.hash && <Tag intent="danger">differs from the server</Tag>}
      <SourceLink range={{ file: program.file, line: 1, col: 1, end_line: 1, end_col: 1 }} files={files} />
    </div>
  );
}

function Configurations({
  program,
  defs,
  files,
  hashes,
  phone,
}: {
  program: Program;
  defs: Definitions;
  files: SourceFile[];
  hashes: Record<string, string>;
  phone: boolean;
}) {
  const stages = program.stage_model.stages
    .map((s) => ({ stage: s, tasks: program.tasks.filter((t) => t.stage === s.number) }))
    .filter((s) => s.tasks.length);
  return (
    <div className="config-column">
      <ProgramHeader program={program} files={files} hash={hashes[program.id]} />
      {stages.map(({ stage: s, tasks }) => (
        <Fold
          key={s.number}
          className="stage-section"
          open={!phone}
          title={
            <h4>
              {`${s.number}. ${s.label}`} <Tag minimal>{s.tab}</Tag>{' '}
              <span className="muted fold-count">{tasks.length === 1 ? '1 task' : `${tasks.length} tasks`}</span>
            </h4>
          }
        >
          {tasks.map((t) => (
            <TaskConfig key={t.id} task={t} program={program} defs={defs} files={files} />
          ))}
        </Fold>
      ))}
      <ProgramRules program={program} files={files} phone={phone} />
    </div>
  );
}

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = location.pathname.startsWith(DEPS)
    ? 'deps'
    : QUERY_TABS.includes(params.get('tab') ?? '')
      ? params.get('tab')!
      : 'config';
  const programId = params.get('program') ?? DEFAULT_PROGRAM;
  const compareId = params.get('compare');
  const jobId = params.get('job');
  const [selected, setSelected] = useState<string | undefined>();
  // Decided once: long sections start folded on a phone.
  const [phone] = useState(isPhone);
  const [jobField, setJobField] = useState(jobId ?? '');
  const jobInput = useJobInput(jobId);
  const shownId = jobInput.data?.program_id ?? programId;
  const { data, isFetching, error } = useDefinitions(compareId ? [shownId, compareId] : [shownId]);
  const names = useProgramNames();
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  const defs = data?.defs;
  const program = defs?.programs[shownId];
  const statuses = useMemo(() => {
    if (!program || !jobInput.data) return undefined;
    const ev = evaluateJob(program, jobInput.data.job, { today: jobInput.data.today });
    return Object.fromEntries(ev.tasks.map((t) => [t.id, t.status]));
  }, [program, jobInput.data]);
  if (error) return <NonIdealState icon="error" title="The program definitions could not be loaded." />;
  if (!data || !defs || (!program && isFetching)) return <Spinner className="page-state" />;
  if (!program) return <NonIdealState icon="search" title={`No program '${programId}'.`} />;
  const programs = (names.data ?? Object.values(defs.programs))
    .map((p) => ({ id: p.id, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const compare = compareId ? defs.programs[compareId] : undefined;
  const example = jobInput.data ? { job: jobInput.data.job, today: jobInput.data.today } : exampleOf(defs, program.id);
  const selectedTask = selected ? program.tasks.find((t) => t.id === selected) : undefined;
  return (
    <div className="explorer">
      <div className="page-header">
        <H3>Program explorer</H3>
        <div className="explorer-controls">
          <HTMLSelect
            aria-label="Program"
            value={program.id}
            onChange={(e) => {
              set('program', e.target.value);
              set('job', null);
            }}
            options={programs.map((p) => ({ value: p.id, label: p.name }))}
          />
          {tab === 'config' && (
            <HTMLSelect
              aria-label="Compare with"
              value={compareId ?? ''}
              onChange={(e) => set('compare', e.target.value || null)}
              options={[
                { value: '', label: 'Compare with…' },
                ...programs.filter((p) => p.id !== program.id).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          )}
          <InputGroup
            aria-label="Job id"
            placeholder="Job id"
            value={jobField}
            onValueChange={setJobField}
            onKeyDown={(e) => e.key === 'Enter' && set('job', jobField.trim() || null)}
            rightElement={
              <Button
                icon="arrow-right"
                variant="minimal"
                aria-label="Show job"
                onClick={() => set('job', jobField.trim() || null)}
              />
            }
          />
        </div>
      </div>
      <Tabs
        id="explorer-tabs"
        className="explorer-tabs"
        selectedTabId={tab}
        onChange={(id) => {
          const next = new URLSearchParams(params);
          if (QUERY_TABS.includes(String(id))) next.set('tab', String(id));
          else next.delete('tab');
          navigate({ pathname: id === 'deps' ? DEPS : CONFIG, search: next.toString() });
        }}
      >
        <Tab id="config" title="Task configurations" />
        <Tab id="deps" title="Task dependencies" />
        <Tab id="versions" title="Versions" />
        <Tab id="impact" title="Impact" />
        <Tab id="workbench" title="Workbench" />
      </Tabs>
      <div {...tabPanelProps('explorer-tabs', tab)}>
        {jobId && jobInput.isError && <Callout intent="warning">Job {jobId} could not be loaded.</Callout>}
        {jobId && jobInput.data && (
          <Callout intent="primary" className="job-callout">
            {jobInput.data.pinned_version
              ? `Showing job ${jobId} (${jobInput.data.program_id}) under the current definitions. The job is kept on an earlier version (${jobInput.data.pinned_version}): its own page shows it under that version.`
              : `Showing job ${jobId} (${jobInput.data.program_id}) as the engine evaluates it now.`}
          </Callout>
        )}
        {tab === 'versions' ? (
          <VersionsTab key={program.id} programId={program.id} />
        ) : tab === 'workbench' ? (
          <Suspense fallback={<Spinner size={24} />}>
            <Workbench key={program.id} programId={program.id} defs={defs} labels={labelsOf(program)} />
          </Suspense>
        ) : tab === 'impact' ? (
          <ImpactTab
            key={program.id}
            programId={program.id}
            file={data.files.find((f) => f.path === program.file) ?? { path: program.file, text: '' }}
            labels={labelsOf(program)}
          />
        ) : tab === 'deps' ? (
          <div className="deps-layout">
            <Card className="graph-card">
              <ProgramHeader program={program} files={data.files} hash={data.hashes[program.id]} />
              <div className="legend muted">{program.tasks.length} tasks · click a task to see its configuration</div>
              <DependencyGraph program={program} selected={selected} onSelect={setSelected} statuses={statuses} />
            </Card>
            {selectedTask && (
              <TaskConfig
                task={selectedTask}
                program={program}
                defs={defs}
                files={data.files}
                status={statuses?.[selectedTask.id]}
              />
            )}
          </div>
        ) : (
          <>
            <Fold
              className="try-section"
              open={!phone}
              title={<h4>Try it {jobInput.data ? `(job ${jobId})` : '(the program’s example job)'}</h4>}
            >
              <TryIt
                key={`${program.id}-${jobId ?? 'example'}`}
                program={program}
                defs={defs}
                base={example.job}
                today={example.today}
              />
            </Fold>
            <div className={compare ? 'compare-columns' : undefined}>
              <Configurations program={program} defs={defs} files={data.files} hashes={data.hashes} phone={phone} />
              {compare && (
                <Configurations program={compare} defs={defs} files={data.files} hashes={data.hashes} phone={phone} />
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
