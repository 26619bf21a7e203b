/** CLI scenarios: `rebate validate` and `rebate explain`, in-process and through the real binary. */

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { openStore } from '../server/db/database.ts';
import { PROGRAM_IDS, ROOT } from './load-repo.ts';

async function run(args: string[], cwd = ROOT, env?: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s), cwd, env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const temp = mkdtempSync(join(tmpdir(), 'rebate-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A copy of program-defs with one program edited. */
function brokenCopy(name: string, edit: (text: string) => string): string {
  const dir = join(temp, name);
  cpSync(join(ROOT, 'program-defs'), join(dir, 'program-defs'), { recursive: true });
  // The forms too: a task naming a form that is not there is an error (unknown-form).
  cpSync(join(ROOT, 'task-schemas'), join(dir, 'task-schemas'), { recursive: true });
  const file = join(dir, 'program-defs/wi-hear/program.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('rebate validate', () => {
  it('exits 0 on the repository with --cases and names every program folder', async () => {
    const r = await run(['validate', '--cases']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${PROGRAM_IDS.length} programs: ${[...PROGRAM_IDS].sort().join(', ')}`);
    for (const id of PROGRAM_IDS) expect(r.out).toMatch(new RegExp(`cases ${id}: \\d+ passed\\n`));
    expect(r.out).toMatch(/\n0 error\(s\), \d+ warning\(s\)$/);
  });

  it('a typo in a key fails with its file, line and column', async () => {
    const dir = brokenCopy('typo', (t) => t.replace('\nstage_model: seven_stage', '\nstage_modle: seven_stage'));
    const r = await run(['validate'], dir);
    const line = lineOf(readFileSync(join(dir, 'program-defs/wi-hear/program.yaml'), 'utf8'), 'stage_modle');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `program-defs/wi-hear/program.yaml:${line}:1: error: unknown key 'stage_modle' (did you mean 'stage_model'?) [schema-additionalProperties]`,
    );
  });

  it('a dependency cycle fails at the dependency that closes it', async () => {
    const dir = brokenCopy('cycle', (t) =>
      t.replace('after: [provide_services]', 'after: [provide_services, determine_and_share_rebate_amount]'),
    );
    const r = await run(['validate'], dir);
    const line = lineOf(
      readFileSync(join(dir, 'program-defs/wi-hear/program.yaml'), 'utf8'),
      'after: [review_income_qualification, scope_of_work_proposed]',
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      new RegExp(
        `program-defs/wi-hear/program\\.yaml:${line}:\\d+: error: dependency cycle: .*scope_of_work_proposed.*determine_and_share_rebate_amount.* \\[dependency-cycle\\]`,
      ),
    );
  });

  it('an unknown task id fails at its line and column', async () => {
    const dir = brokenCopy('unknown', (t) =>
      t.replace('after: [confirm_project_final_costs] }', 'after: [confirm_project_final_cost] }'),
    );
    const text = readFileSync(join(dir, 'program-defs/wi-hear/program.yaml'), 'utf8');
    const line = lineOf(text, 'confirm_project_final_cost]');
    const col = text.split('\n')[line - 1].indexOf('confirm_project_final_cost]') + 1;
    const r = await run(['validate'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `program-defs/wi-hear/program.yaml:${line}:${col}: error: task 'upload_final_invoice' waits for unknown task 'confirm_project_final_cost' (did you mean 'confirm_project_final_costs'?) [unknown-task]`,
    );
  });

  it('a task waiting for a task of a later stage fails at that wait, through the binary', () => {
    // WI HEAR's scope of work (stage 2) made to wait for the install dates (stage 4): no job could finish.
    const dir = brokenCopy('later-stage', (t) =>
      t.replace(
        /(- id: scope_of_work_proposed\n(?: {4}.*\n)*? {4}after: \[provide_services)\]/,
        '$1, confirm_install_dates]',
      ),
    );
    const text = readFileSync(join(dir, 'program-defs/wi-hear/program.yaml'), 'utf8');
    const line = lineOf(text, 'after: [provide_services, confirm_install_dates]');
    expect(line).toBeGreaterThan(0);
    const col = text.split('\n')[line - 1].indexOf('confirm_install_dates') + 1;
    const r = spawnSync(process.execPath, [join(ROOT, 'cli/bin/rebate.js'), 'validate'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      `program-defs/wi-hear/program.yaml:${line}:${col}: error: task 'scope_of_work_proposed' (stage 2) waits for 'confirm_install_dates' of stage 4: stage 4 opens only when every task of stage 2 is complete, so no job where both apply can finish [waits-for-later-stage]`,
    );
  }, 120_000);

  it("a form no program uses is a warning at its key: line and fails nothing; one program validated alone is not warned about the others' forms", async () => {
    const dir = join(temp, 'unused-form');
    cpSync(join(ROOT, 'program-defs'), join(dir, 'program-defs'), { recursive: true });
    cpSync(join(ROOT, 'task-schemas'), join(dir, 'task-schemas'), { recursive: true });
    mkdirSync(join(dir, 'task-schemas/orphan_form'));
    writeFileSync(
      join(dir, 'task-schemas/orphan_form/form.yaml'),
      '# no program asks for it\nkey: orphan_form\ntitle: Orphan form\nschema: { type: object, properties: { note: { type: string } } }\n',
    );
    const r = await run(['validate'], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "task-schemas/orphan_form/form.yaml:2:1: warning: form 'orphan_form' is used by no program: no task names it, so no one is ever asked to fill it in [unused-form]",
    );
    const one = await run(['validate', 'program-defs/wi-hear'], dir);
    expect(one.code).toBe(0);
    expect(one.out).not.toContain('[unused-form]');
  });

  it('--cases reports a failing case with the rule that decided it', async () => {
    const dir = brokenCopy('case', (t) =>
      t.replace('heat_pump: 800000\n    heat_pump_water_heater', 'heat_pump: 900000\n    heat_pump_water_heater'),
    );
    const r = await run(['validate', '--cases'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /program-defs\/wi-hear\/cases\.yaml:\d+:\d+: error: case 'a heat pump line one cent over 8,000\.00 is capped at 8,000\.00': rebate: expected final 800000, got 800001 \(Heat pump line 8,000\.01 from heat_pump\.amount, because/,
    );
  });

  it('--format json gives code, message, severity, path and range', async () => {
    const dir = brokenCopy('json', (t) => t.replace('\nstage_model: seven_stage', '\nstage_modle: seven_stage'));
    const r = await run(['validate', '--format', 'json'], dir);
    const doc = JSON.parse(r.out);
    const e = doc.results.find((x: { code: string }) => x.code === 'schema-additionalProperties');
    expect(Object.keys(e).sort()).toEqual(['code', 'file', 'message', 'path', 'range', 'severity']);
    expect(e).toMatchObject({ severity: 'error', path: ['stage_modle'], range: { col: 1 } });
    expect(doc.errors).toBeGreaterThan(0);
  });

  it('--format github prints workflow annotations', async () => {
    const dir = brokenCopy('github', (t) => t.replace('\nstage_model: seven_stage', '\nstage_modle: seven_stage'));
    const r = await run(['validate', '--format', 'github'], dir);
    expect(r.out).toMatch(
      /^::error file=program-defs\/wi-hear\/program\.yaml,line=\d+,col=1,endLine=\d+,endColumn=\d+,title=schema-additionalProperties::unknown key 'stage_modle'/m,
    );
  });

  it('validates a single program folder with the shared definitions it uses', async () => {
    const r = await run(['validate', 'program-defs/wi-hear', '--cases']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 programs: wi-hear');
  });

  it('exits 2 on an unreadable path, an unknown command or an unknown format', async () => {
    expect((await run(['validate', 'no/such/dir'])).code).toBe(2);
    expect((await run(['validate', 'no/such/dir'])).err).toContain("cannot read 'no/such/dir'");
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['validate', '--format', 'xml'])).err).toContain("unknown format 'xml'");
    expect((await run(['validate', '--bogus'])).code).toBe(2);
  });
});

describe('rebate explain', () => {
  const job = join(temp, 'job.json');
  writeFileSync(
    job,
    JSON.stringify({
      site: { state: 'WI', county: 'Milwaukee' },
      tasks: {
        provide_homeowner_details: {
          status: 'COMPLETE',
          data: { the_site_building_type: 'SINGLE_FAMILY_DETACHED', renter_or_owner: 'owner' },
        },
        provide_energy_sources_and_utilities: { status: 'COMPLETE', data: { has_lived_for_year: true } },
        provide_income_estimate: { status: 'COMPLETE', data: { income_level: 'above_ami_150' } },
        provide_services: {
          status: 'COMPLETE',
          data: {
            services_being_installed: ['heat_pump'],
            estimated_total_project_cost: 20000,
            existing_heating_plan: 'remove',
          },
        },
      },
    }),
  );

  it('prints the stage, eligibility with reasons, open tasks with owners and blockers, and the incentive lines', async () => {
    const r = await run(['explain', 'wi-hear', job, '--today', '2026-06-01']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('stage: 2 Submit the rebate [Apply], contractor: submit rebate');
    expect(r.out).toContain('eligibility: ineligible');
    expect(r.out).toContain(
      'income_too_high (income too high): ineligible: income_too_high, because review_income_qualification.income_level = (missing), provide_income_estimate.income_level = above_ami_150',
    );
    // The income level looked up in the bands: the nearest level whose band is eligible lifts it.
    expect(r.out).toContain(
      'provide_income_estimate.income_level = above_ami_150\n    would pass with review_income_qualification.income_level = "ami_80_to_ami_150"',
    );
    expect(r.out).toMatch(/READY\s+apply_for_income_verification \(stage 2, homeowner\)/);
    expect(r.out).toMatch(
      /LOCKED\s+review_income_qualification \(stage 3, ops\) blocked by apply_for_income_verification\n/,
    );
    expect(r.out).toMatch(/LOCKED\s+send_payment \(stage 6, finance\) blocked by approve_payment\n/);
    expect(r.out).toMatch(
      /LOCKED\s+approve_payment \(stage 6, finance\) blocked by provide_site_details, scope_of_work_proposed, apply_for_income_verification\n/,
    );
    // Above 150% AMI the known income level leaves nothing to estimate (not 8,000.00 - 8,000.00).
    expect(r.out).toContain('incentive: 0.00 - 0.00 (initial range)');
    expect(r.out).toContain(
      'Heat pump line 0.00 from heat_pump.estimate.max, because provide_services.estimated_total_project_cost = 20000, review_income_qualification.income_level = (missing), provide_income_estimate.income_level = above_ami_150',
    );
  });

  it('says what change of an answer would lift a rule that makes the job ineligible', async () => {
    const moved = join(temp, 'moved.json');
    const base = JSON.parse(readFileSync(job, 'utf8'));
    base.tasks.provide_energy_sources_and_utilities.data.has_lived_for_year = false;
    writeFileSync(moved, JSON.stringify(base));
    const r = await run(['explain', 'wi-hear', moved, '--today', '2026-06-01']);
    expect(r.out).toContain(
      'residence_under_12_months (must live in home 12 months with same utility): ineligible: residence_under_12_months, because provide_energy_sources_and_utilities.has_lived_for_year = false\n    would pass with provide_energy_sources_and_utilities.has_lived_for_year = true',
    );
  });

  it('--format json prints the evaluation', async () => {
    const r = await run(['explain', 'wi-hear', job, '--today', '2026-06-01', '--format', 'json']);
    expect(JSON.parse(r.out)).toMatchObject({
      program: 'wi-hear',
      eligibility: { status: 'ineligible' },
      stage: { number: 2 },
    });
  });

  it('exits 2 on an unknown program or a missing job file', async () => {
    expect((await run(['explain', 'nope', job])).err).toContain("unknown program 'nope'");
    expect((await run(['explain', 'wi-hear', 'missing.json'])).code).toBe(2);
  });
});

describe('the rebate binary', () => {
  it('runs through the package bin and sets the exit code', () => {
    const ok = spawnSync(process.execPath, [join(ROOT, 'cli/bin/rebate.js'), 'validate'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`${PROGRAM_IDS.length} programs:`);
    const bad = spawnSync(process.execPath, [join(ROOT, 'cli/bin/rebate.js'), 'validate', 'nowhere'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(execFileSync(process.execPath, [join(ROOT, 'cli/bin/rebate.js'), '--help'], { encoding: 'utf8' })).toContain(
      'usage:',
    );
  }, 120_000);
});

/** Every numbered migration, as `db migrate` lists them (both dialects have the same numbers). */
const MIGRATIONS = readdirSync(join(ROOT, 'server/db/migrations/sqlite'))
  .filter((f) => /^\d+-.*\.sql$/.test(f))
  .sort()
  .map((f) => Number(f.split('-')[0]))
  .join(', ');

describe('rebate db', () => {
  it('migrate applies the pending migrations once; seed fills an empty database once', async () => {
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(temp, 'db', 'portal.db')}` };
    const first = await run(['db', 'migrate'], ROOT, env);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(new RegExp(`applied migrations ${MIGRATIONS}$`));
    expect((await run(['db', 'migrate'], ROOT, env)).out).toMatch(/up to date$/);
    // A demo of 12 jobs (the whole demo's seed is tests/api/seed.test.ts's, from this run's templates; here it took
    // 40-140 s of a core in CI): the command seeds an empty database once, the count it is asked.
    const seeded = await run(['db', 'seed', '--jobs', '12'], ROOT, env);
    expect(seeded).toMatchObject({ code: 0, out: expect.stringMatching(/demo data seeded$/) });
    const store = await openStore(env.DATABASE_URL!);
    try {
      const jobs = await store.kysely
        .selectFrom('jobs')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(jobs!.n)).toBe(12);
    } finally {
      await store.close();
    }
    expect((await run(['db', 'seed'], ROOT, env)).out).toMatch(/has data already, nothing seeded$/);
  }, 600_000);

  it('--jobs is a number of jobs for db seed only (exit 2 otherwise)', async () => {
    for (const args of [
      ['db', 'seed', '--jobs', '0'],
      ['db', 'seed', '--jobs', 'many'],
      ['db', 'seed', '--jobs', '100000'],
      ['db', 'migrate', '--jobs', '5'],
    ]) {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--jobs is for db seed: a number of jobs from 1 to 99999/);
    }
  });

  it('anything but migrate or seed is a usage error (exit 2)', async () => {
    expect((await run(['db'])).code).toBe(2);
    expect((await run(['db', 'drop'])).code).toBe(2);
  });

  // Only where a PostgreSQL server is named (tests/db/backends.ts says so once when it is not).
  if (process.env.TEST_DATABASE_URL)
    it('migrate builds a PostgreSQL database (TEST_DATABASE_URL)', async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `rebate_cli_${process.pid}`;
      const admin = await import('pg').then((m) => new m.default.Client({ connectionString: base }));
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const env = { ...process.env, DATABASE_URL: base.replace(/\/[^/]*$/, `/${name}`) };
        expect((await run(['db', 'migrate'], ROOT, env)).out).toMatch(
          new RegExp(`PostgreSQL: applied migrations ${MIGRATIONS}$`),
        );
        expect((await run(['db', 'migrate'], ROOT, env)).out).toMatch(/PostgreSQL: up to date$/);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 120_000);
});

describe('rebate cases --update (through the binary, on a copy of the definitions)', () => {
  const bin = join(ROOT, 'cli/bin/rebate.js');
  const rebate = (dir: string, ...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8' });

  it('rewrites a broken expectation back, prints the case, exits 0; validate --cases passes and only that line differed', () => {
    const dir = join(temp, 'update');
    for (const d of ['program-defs', 'task-schemas']) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
    const file = join(dir, 'program-defs/wi-hear/cases.yaml');
    const original = readFileSync(file, 'utf8');
    const good = 'expect: { eligibility: ineligible, reasons: [income_too_high] }';
    const bad = 'expect: { eligibility: eligible, reasons: [income_too_high] }';
    expect(original).toContain(good);
    writeFileSync(file, original.replace(good, bad));
    const r = rebate(dir, 'cases', '--update', 'program-defs/wi-hear');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const changedLine = lineOf(original, good);
    expect(r.stdout).toContain(
      `program-defs/wi-hear/cases.yaml:${changedLine - 2}: updated case 'income above 150% AMI is ineligible (income too high)': eligibility`,
    );
    expect(r.stdout).toContain('1 case(s) updated in 1 file(s)');
    // A line-by-line comparison: the file is the original again (the broken line was the only change).
    expect(readFileSync(file, 'utf8').split('\n')).toEqual(original.split('\n'));
    const check = rebate(dir, 'validate', '--cases');
    expect(check.status, check.stdout).toBe(0);
  }, 60_000);

  it('without --update it is a usage error (exit 2)', async () => {
    expect((await run(['cases'])).code).toBe(2);
  });
});

describe('rebate validate reads near-miss file names to report them', () => {
  it('programs.yaml is an error at its line 1 naming program.yaml (the program does not silently disappear)', async () => {
    const dir = brokenCopy('misnamed', (t) => t);
    const program = join(dir, 'program-defs/wi-hear/program.yaml');
    writeFileSync(join(dir, 'program-defs/wi-hear/programs.yaml'), readFileSync(program, 'utf8'));
    rmSync(program);
    const r = await run(['validate'], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "program-defs/wi-hear/programs.yaml:1:1: error: 'programs.yaml' is not read: it must be called program.yaml",
    );
  });
});
