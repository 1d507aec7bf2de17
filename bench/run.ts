/**
 * `npm run bench`: runs every benchmark file and writes bench/results/latest.json and latest.md
 * with machine info: the figures of that one whole run, nothing else. Benchmark files:
 * bench/*.bench.ts and any *.bench.ts under core/, electron/, renderer/. Pass a substring to run
 * only matching files (`npm run bench -- astar`): such a filtered run writes
 * bench/results/filtered-<substring>.{json,md} instead, which say so (the filter, the files run and
 * those left out), and leaves latest.* alone — no file ever holds rows of two runs.
 * Each file runs in a process of its own, started with the flags that make heap measurements
 * exact (see lib.ts heapDelta): a benchmark measures its code as the app runs it, not with the
 * type feedback other benchmarks left in shared functions (the replay bench feeding snapshot code
 * other shapes cost the snapshot round trip 30 % when they shared a process).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchContext, BenchRecord } from './lib';

const root = path.resolve(import.meta.dirname, '..');

function findBenchFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) findBenchFiles(p, out);
    else if (name.endsWith('.bench.ts')) out.push(p);
  }
  return out;
}

interface FileResult {
  readonly records: BenchRecord[];
  readonly notes: string[];
  readonly failures: string[];
}

/** In a child process: runs one benchmark file and writes its figures to `out` as JSON. */
async function runOne(file: string, out: string): Promise<void> {
  const rel = path.relative(root, file);
  const result: FileResult = { records: [], notes: [], failures: [] };
  const ctx: BenchContext = {
    record: (r) => {
      result.records.push(r);
      const goal = r.goal ? `  goal ${r.goal} ${r.met ? 'met' : 'NOT met'}` : '';
      console.log(`  ${r.group} | ${r.name}: ${fmt(r.value)} ${r.unit}${goal}`);
    },
    note: (line) => result.notes.push(line),
  };
  try {
    const mod = (await import(pathToFileURL(file).href)) as { default: (c: BenchContext) => Promise<void> | void };
    await mod.default(ctx);
  } catch (e) {
    result.failures.push(`${rel}: ${(e as Error).stack ?? String(e)}`);
    console.error(`  FAILED: ${(e as Error).message}`);
  }
  writeFileSync(out, JSON.stringify(result));
}

async function main(): Promise<void> {
  const only = process.env['BB_BENCH_FILE'];
  if (only) return runOne(only, process.env['BB_BENCH_OUT'] ?? '');
  const filter = process.argv[2];
  const all = ['bench', 'core', 'electron', 'renderer'].flatMap((d) => findBenchFiles(path.join(root, d), [])).sort();
  const files = all.filter((f) => !filter || path.relative(root, f).includes(filter));
  const records: BenchRecord[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bb-bench-'));
  try {
    for (const [i, file] of files.entries()) {
      const rel = path.relative(root, file);
      console.log(`bench: ${rel}`);
      const out = path.join(tmp, `${i}.json`);
      const r = spawnSync(process.execPath, ['--expose-gc', '--max-semi-space-size=256', '--import', 'tsx', import.meta.filename], {
        stdio: 'inherit',
        env: { ...process.env, BB_BENCH_FILE: file, BB_BENCH_OUT: out },
      });
      let result: FileResult;
      try {
        result = JSON.parse(readFileSync(out, 'utf8')) as FileResult;
      } catch {
        result = { records: [], notes: [], failures: [`${rel}: its process ended (status ${r.status}, signal ${r.signal}) without results`] };
      }
      records.push(...result.records);
      notes.push(...result.notes);
      failures.push(...result.failures);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    // The machine is shared: its load says how much the figures may be off.
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  const rel = (f: string): string => path.relative(root, f);
  const run = { whole: !filter, ...(filter ? { filter } : {}), files: files.map(rel), leftOut: filter ? all.filter((f) => !files.includes(f)).map(rel) : [] };
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const base = filter ? `filtered-${filter.replace(/[^A-Za-z0-9._-]+/g, '_')}` : 'latest';
  writeFileSync(path.join(outDir, `${base}.json`), JSON.stringify({ machine, run, records, notes, failures }, null, 2) + '\n');
  const md = [
    '# Benchmark results',
    '',
    `${machine.date} · Node ${machine.node} · ${machine.platform} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGiB} GiB · load average ${machine.loadAverage.join(', ')}`,
    '',
    filter
      ? `**Filtered run** (\`npm run bench -- ${filter}\`): only ${files.length} of ${all.length} benchmark files (${run.files.join(', ')}). Not a whole run: \`latest.md\` holds the last one.`
      : `One whole run of all ${files.length} benchmark files.`,
    '',
    '| group | measure | value | goal | met |',
    '|---|---|---|---|---|',
    ...records.map((r) => `| ${r.group} | ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.goal ?? ''} | ${r.goal ? (r.met ? 'yes' : '**no**') : ''} |`),
    '',
    ...(notes.length ? ['## Notes', '', ...notes, ''] : []),
    ...(failures.length ? ['## Failures', '', ...failures.map((f) => '```\n' + f + '\n```'), ''] : []),
  ].join('\n');
  writeFileSync(path.join(outDir, `${base}.md`), md);
  console.log(`bench: ${records.length} figures from ${files.length} files → bench/results/${base}.{json,md}`);
  if (failures.length) process.exit(1);
}

function fmt(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(1) : Math.abs(v) >= 1 ? v.toFixed(3) : v.toPrecision(3);
}

await main();
