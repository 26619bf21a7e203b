/**
 * One thread of a threaded impact report (server/services/impact-threads.ts): it loads both sets of definitions from
 * their files, checks that each program is the very one the server evaluates (its hash), answers `ready`, then
 * reports each page of jobs it is sent, in pieces the caller merges in page order.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { impactRun, loadDefinitions, type Definitions, type ImpactJob, type ImpactRun } from '../../engine/index.ts';
import type { ImpactSide, ImpactWorkerData, ToImpactWorker } from './impact-threads.ts';

function load(side: ImpactSide): Definitions {
  const defs = loadDefinitions(side.files, { lazy_forms: true });
  const ids = Object.keys(defs.programs).sort();
  const expected = Object.keys(side.hashes).sort();
  if (ids.join('\n') !== expected.join('\n') || ids.some((id) => defs.programs[id].hash !== side.hashes[id]))
    throw new Error('the definitions loaded from the files are not the ones evaluated');
  return defs;
}

const port = parentPort!;
const data = workerData as ImpactWorkerData;
let run: ImpactRun | undefined;
try {
  run = impactRun(load(data.current), load(data.proposed), data.today);
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ error: (e as Error).message });
}
port.on('message', (m: ToImpactWorker) => {
  try {
    run!.add(m.jobs as ImpactJob[]);
    port.postMessage({ page: m.page, report: run!.drain() });
  } catch (e) {
    port.postMessage({ page: m.page, error: (e as Error).message });
  }
});
