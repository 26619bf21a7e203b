/**
 * The program explorer loads only the programs it shows (their own files, the shared ones and the forms
 * they name) and gets exactly the programs a full load gives; its rule text reads as words, with no
 * "[object Object]" where a rule's operand is itself logic (issue 20, item 3).
 */

import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../engine/index.ts';
import { closurePick } from '../../engine/forms/pick.ts';
import { NO_SCHEMA_COMPILER } from '../../engine/forms/precompiled.ts';
import { readDefinitionFiles } from '../../cli/read-files.ts';
import { filesOfPrograms } from '../../engine/load/files-of-programs.ts';
import { ProgramRules } from '../../web/features/program-explorer/components/program-rules.tsx';
import { TaskConfig } from '../../web/features/program-explorer/components/task-config.tsx';
import { PROGRAM_IDS, ROOT } from '../load-repo.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const files = readDefinitionFiles([], ROOT);
const OPTIONS = {
  lazy_forms: true,
  evaluator: 'interpreted',
  form_schemas: NO_SCHEMA_COMPILER,
  pick: closurePick,
} as const;
const full = loadDefinitions(files, OPTIONS);
const host = document.createElement('div');
document.body.appendChild(host);
const root = createRoot(host);
afterAll(() => act(() => root.unmount()));

describe.each(PROGRAM_IDS)('the explorer on %s', (id) => {
  const own = loadDefinitions(filesOfPrograms(files, [id]), { ...OPTIONS, unused_forms: false });

  it('loads the program from its own files as a full load does', () => {
    expect(own.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Object.keys(own.programs)).toEqual([id]);
    expect(own.programs[id].hash).toBe(full.programs[id].hash);
    expect(own.cases[id]?.value).toEqual(full.cases[id]?.value);
    for (const t of own.programs[id].tasks) expect(own.forms[t.form]?.key).toBe(t.form);
  });

  it('shows its rules and task configurations without "[object Object]"', async () => {
    const program = own.programs[id];
    await act(async () =>
      root.render(
        <>
          {program.tasks.map((t) => (
            <TaskConfig key={t.id} task={t} program={program} defs={own} files={files} />
          ))}
          <ProgramRules program={program} files={files} />
        </>,
      ),
    );
    expect(host.textContent).toContain(program.eligibility[0]?.reason_text ?? '');
    expect(host.textContent).not.toContain('[object Object]');
  });
});
