/**
 * `npm run bench`: runs every benchmark file and writes bench/results/latest.json and latest.md
 * with machine info. Benchmark files: bench/*.bench.ts and any *.bench.ts under core/, electron/,
 * renderer/. Pass a substring to run only matching files: `npm run bench -- astar`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

async function main(): Promise<void> {
  // Re-exec once with the flags that make heap measurements exact (see lib.ts heapDelta).
  if (!process.env['BB_BENCH_CHILD']) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-semi-space-size=256', '--import', 'tsx', import.meta.filename, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, BB_BENCH_CHILD: '1' },
    });
    process.exit(r.status ?? 1);
  }
  const filter = process.argv[2];
  const files = ['bench', 'core', 'electron', 'renderer']
    .flatMap((d) => findBenchFiles(path.join(root, d), []))
    .filter((f) => !filter || path.relative(root, f).includes(filter))
    .sort();
  const records: BenchRecord[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    console.log(`bench: ${rel}`);
    const ctx: BenchContext = {
      record: (r) => {
        records.push(r);
        const goal = r.goal ? `  goal ${r.goal} ${r.met ? 'met' : 'NOT met'}` : '';
        console.log(`  ${r.group} | ${r.name}: ${fmt(r.value)} ${r.unit}${goal}`);
      },
      note: (line) => notes.push(line),
    };
    try {
      const mod = (await import(pathToFileURL(file).href)) as { default: (c: BenchContext) => Promise<void> | void };
      await mod.default(ctx);
    } catch (e) {
      failures.push(`${rel}: ${(e as Error).stack ?? String(e)}`);
      console.error(`  FAILED: ${(e as Error).message}`);
    }
  }
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ machine, records, notes, failures }, null, 2) + '\n');
  const md = [
    '# Benchmark results',
    '',
    `${machine.date} · Node ${machine.node} · ${machine.platform} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGiB} GiB`,
    '',
    '| group | measure | value | goal | met |',
    '|---|---|---|---|---|',
    ...records.map((r) => `| ${r.group} | ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.goal ?? ''} | ${r.goal ? (r.met ? 'yes' : '**no**') : ''} |`),
    '',
    ...(notes.length ? ['## Notes', '', ...notes, ''] : []),
    ...(failures.length ? ['## Failures', '', ...failures.map((f) => '```\n' + f + '\n```'), ''] : []),
  ].join('\n');
  writeFileSync(path.join(outDir, 'latest.md'), md);
  console.log(`bench: ${records.length} figures from ${files.length} files → bench/results/latest.{json,md}`);
  if (failures.length) process.exit(1);
}

function fmt(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(1) : Math.abs(v) >= 1 ? v.toFixed(3) : v.toPrecision(3);
}

await main();
