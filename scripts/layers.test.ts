import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource } from './layers';
import { tempDir } from '../test/tempDir';

const rules = (rel: string, src: string, files?: ReadonlySet<string>): string[] => checkSource(rel, src, files).map((v) => `${v.rule}@${v.line}`);
const messages = (rel: string, src: string): string[] => checkSource(rel, src).map((v) => v.message);

describe('layering check', () => {
  it('rejects core/ importing outside core/', () => {
    expect(rules('core/sim/a.ts', "import * as THREE from 'three';")).toEqual(['layer-imports@1']);
    expect(rules('core/sim/a.ts', "import { x } from '../../electron/services/paths';")).toEqual(['layer-imports@1']);
    expect(rules('core/sim/a.ts', "import { readFileSync } from 'node:fs';")).toEqual(['layer-imports@1']);
    expect(rules('core/sim/a.ts', "const m = await import('../../renderer/x');")).toContain('layer-imports@1');
    expect(rules('core/sim/a.ts', "import { isqrt } from '../math/isqrt';")).toEqual([]);
    expect(rules('core/nav/a.bench.ts', "import PF from 'pathfinding'; import { measure } from '../../bench/lib';")).toEqual([]);
    expect(rules('core/nav/a.bench.ts', "import * as THREE from 'three';")).toEqual(['layer-imports@1']);
  });

  it('rejects banned APIs in core/ but not in core tests', () => {
    const src = ['const a = Math.random();', 'const b = Math.sin(1);', 'const c = Date.now();', 'setTimeout(() => 0, 1);', 'console.log(1);', 'for (const k in {}) {}', 'async function f() {}', 'const d = 3 ** 0.5;', 'const e = Math.sqrt(4);'].join('\n');
    expect(rules('core/sim/a.ts', src)).toEqual(
      ['core-determinism@1', 'core-determinism@2', 'core-determinism@3', 'core-determinism@4', 'core-determinism@5', 'core-determinism@6', 'core-determinism@7', 'core-determinism@8', 'core-determinism@9'],
    );
    expect(rules('core/sim/a.test.ts', src)).toEqual([]);
  });

  it('accepts deterministic integer code in core/', () => {
    const src = 'const a = Math.imul(3, 5) | 0; const b = 2 ** 20; const c = a ** 2; const o = { Date: 1 }; const d = o.Date; const e = Math.floor(a / 3);';
    expect(rules('core/math/a.ts', src)).toEqual([]);
  });

  it('allows Math only as Math.<allowed fn>(…) in core/', () => {
    const planted = [
      'const M = Math; M.random();',
      "Math['random']();",
      "const k = 'floor'; Math[k](1);",
      'const { sin } = Math;',
      'let s; ({ sin: s } = Math);',
      'f(Math);',
      'Object.keys(Math);',
      "Reflect.get(Math, 'random');",
      'const o = { ...Math };',
      'const p = { Math };',
      'Math?.random();',
      'Math?.floor(1);',
      'Math.floor?.(1);',
      'const fl = Math.floor;',
      'Math.abs = (x: number) => x;',
      'const pi = Math.PI;',
      'Math.fround(1);',
      'type T = typeof Math;',
    ];
    expect(rules('core/sim/a.ts', planted.join('\n'))).toEqual(planted.map((_, i) => `core-determinism@${i + 1}`));
    expect(rules('core/sim/a.test.ts', planted.join('\n'))).toEqual([]);
    expect(messages('core/sim/a.ts', 'const M = Math;')[0]).toMatch(/^Math may only be used as Math\.<fn>\(…\) with fn in abs, ceil, .*; found an alias$/);
    expect(messages('core/sim/a.ts', 'const { random } = Math;')[0]).toMatch(/found destructuring from Math$/);
    expect(messages('core/sim/a.ts', 'Math.sqrt(2);')[0]).toMatch(/^Math\.sqrt is banned in core\//);
    expect(rules('core/sim/a.ts', 'with (Math) { random(); }')).toEqual(['core-determinism@1', 'core-determinism@1']);
  });

  it('accepts every allowed Math call and unrelated names called Math', () => {
    const src = [
      'const a = Math.abs(-1) + Math.ceil(1) + Math.clz32(1) + Math.floor(1) + Math.imul(1, 2) + Math.max(1, 2);',
      'const b = Math.min(1, 2) + Math.round(1) + Math.sign(-1) + Math.trunc(1);',
      'const o = { Math: 1 }; const c = o.Math; const { Math: m } = o;',
      'class K { Math = 1; }',
    ].join('\n');
    expect(rules('core/sim/a.ts', src)).toEqual([]);
  });

  it('closes the other ways to the global object and dynamic scope in core/', () => {
    const src = ["const g = Function('return this')();", "eval('1');", 'const n = global;', 'const w = self;', 'const { now } = Date;', 'with ({}) {}'].join('\n');
    expect(rules('core/sim/a.ts', src)).toEqual(['core-determinism@1', 'core-determinism@2', 'core-determinism@3', 'core-determinism@4', 'core-determinism@5', 'core-determinism@6']);
    expect(rules('core/sim/a.ts', 'type F = Function; const o = { eval: 1, self: 2 }; const e = o.eval;')).toEqual([]);
  });

  it('keeps test code out of product code', () => {
    expect(rules('electron/services/net/HeadlessPlayer.ts', "import { InputScript } from '../../../core/lockstep/testing/InputScript';")).toEqual(['test-helpers@1']);
    expect(rules('core/lockstep/HostRoom.ts', "import { Prng } from './testing/Prng';")).toEqual(['test-helpers@1']);
    expect(rules('scripts/host.ts', "import { loadShippedMaps } from '../test/fixtures/maps/shipped';")).toEqual(['test-helpers@1']);
    expect(rules('electron/x.ts', "import { measure } from '../bench/lib';")).toEqual(['test-helpers@1']);
    expect(rules('electron/x.ts', "import { helper } from './y.test';")).toEqual(['test-helpers@1']);
    // Test code may import test code: tests, testing/ and test/ folders, fixture generators.
    expect(rules('electron/services/net/testing/ImpairmentRelay.ts', "import { Prng } from '../../../../core/lockstep/testing/Prng';")).toEqual([]);
    expect(rules('electron/services/net/net.test.ts', "import { InputScript } from '../../../core/lockstep/testing/InputScript';")).toEqual([]);
    expect(rules('core/nav/test/fixtures.ts', "import { x } from '../../lockstep/testing/Prng';")).toEqual([]);
    expect(rules('scripts/gen-replay-fixtures.ts', "import { loadShippedMaps } from '../test/fixtures/maps/shipped';")).toEqual([]);
    // Only folders named exactly test/ or testing/.
    expect(rules('electron/x.ts', "import { y } from './contest/y'; import { z } from './testingTools'; import { w } from './latest/test-data';")).toEqual([]);
  });

  it('lets product code into a core/ folder only through its index.ts', () => {
    const files = new Set([
      'core/version.ts', 'core/lockstep/index.ts', 'core/lockstep/HostRoom.ts', 'core/lockstep/host/HostAuthority.ts',
      'core/lockstep/wire/index.ts', 'core/lockstep/wire/codec.ts', 'core/lockstep/client/ClientPeer.ts',
      'core/sim/index.ts', 'core/sim/World.ts', 'core/sim/input.ts', 'core/match/MatchRunner.ts', 'core/net/header.ts',
    ]);
    const surface = (rel: string, spec: string): string[] => rules(rel, `import { x } from '${spec}';`, files);
    // Deep imports: from electron, from the renderer, from a sibling core folder, between sub-folders.
    expect(surface('electron/services/a.ts', '../../core/lockstep/host/HostAuthority')).toEqual(['public-surface@1']);
    expect(surface('electron/services/a.ts', '../../core/lockstep/wire')).toEqual(['public-surface@1']);
    expect(surface('renderer/game/y.ts', '../../core/sim/World')).toEqual(['public-surface@1']);
    expect(surface('core/match/MatchRunner.ts', '../sim/World')).toEqual(['public-surface@1']);
    expect(surface('core/lockstep/client/ClientPeer.ts', '../wire/codec')).toEqual(['public-surface@1']);
    expect(rules('electron/a.ts', "import type { World } from '../core/sim/World';", files)).toEqual(['public-surface@1']);
    // Through the index, within one's own folder, into a parent's file, or a file right under core/.
    expect(surface('electron/services/a.ts', '../../core/lockstep')).toEqual([]);
    expect(surface('electron/services/a.ts', '../../core/lockstep/index')).toEqual([]);
    expect(surface('core/match/MatchRunner.ts', '../sim')).toEqual([]);
    expect(surface('core/lockstep/client/ClientPeer.ts', '../wire')).toEqual([]);
    expect(surface('core/lockstep/client/ClientPeer.ts', '../HostRoom')).toEqual([]);
    expect(surface('core/sim/World.ts', './input')).toEqual([]);
    expect(surface('electron/a.ts', '../core/version')).toEqual([]);
    // A folder used from outside needs an index.ts.
    const missing = checkSource('electron/a.ts', "import { x } from '../core/net/header';", files);
    expect(missing.map((v) => v.message)).toEqual(['core/net/ is imported from outside but has no index.ts: add core/net/index.ts and import "../core/net" (found "../core/net/header")']);
    expect(checkSource('electron/a.ts', "import { x } from '../core/lockstep/host/HostAuthority';", files)[0]!.message).toBe(
      'import core/lockstep/ through its index ("../core/lockstep"), not its insides (found "../core/lockstep/host/HostAuthority")',
    );
    // Tests may test internals; without the file list the rule cannot resolve and stays silent.
    expect(surface('electron/a.test.ts', '../core/lockstep/host/HostAuthority')).toEqual([]);
    expect(surface('test/fixtures/x.ts', '../../core/sim/World')).toEqual([]);
    expect(rules('electron/a.ts', "import { x } from '../core/sim/World';")).toEqual([]);
  });

  it('lets the renderer import only types from the contract', () => {
    expect(rules('renderer/ui/a.ts', "import type { Bridge } from '../../electron/contract';")).toEqual([]);
    expect(rules('renderer/ui/a.ts', "import { BRIDGE_VERSION } from '../../electron/contract';")).toEqual(['layer-imports@1']);
    expect(rules('renderer/ui/a.ts', "import { x } from '../../electron/services/paths';")).toEqual(['layer-imports@1']);
    expect(rules('renderer/ui/a.ts', "import { ipcRenderer } from 'electron';")).toEqual(['layer-imports@1']);
    expect(rules('renderer/ui/a.ts', "import * as THREE from 'three'; import { step } from '../../core/sim';")).toEqual([]);
    expect(rules('renderer/view.bench.ts', "import { chromium } from 'playwright-core'; import { startShell } from '../e2e/shell';")).toEqual([]);
    expect(rules('renderer/view.bench.ts', "import { app } from 'electron';")).toEqual(['layer-imports@1']);
  });

  it('keeps electron out of services, scripts and tests', () => {
    expect(rules('electron/services/udp.ts', "import { app } from 'electron';")).toEqual(['layer-imports@1']);
    expect(rules('electron/main.ts', "import { app } from 'electron';")).toEqual([]);
    expect(rules('scripts/x.ts', "const e = require('electron');")).toEqual(['layer-imports@1']);
    expect(rules('test/x.test.ts', "import type { BrowserWindow } from 'electron';")).toEqual([]);
    expect(rules('electron/preload.ts', "import { x } from './services/paths';")).toEqual(['layer-imports@1']);
  });

  it('fails the CLI on a tree with a planted violation', () => {
    const root = tempDir('layers');
    mkdirSync(path.join(root, 'core', 'sim'), { recursive: true });
    writeFileSync(path.join(root, 'core', 'sim', 'ok.ts'), 'export const x = 1;\n');
    const cli = path.join(import.meta.dirname, 'check-layers.ts');
    const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
    expect(spawnSync(tsx, [cli, '--root', root], { encoding: 'utf8' }).status).toBe(0);
    writeFileSync(path.join(root, 'core', 'sim', 'bad.ts'), 'export const t = Date.now();\n');
    const r = spawnSync(tsx, [cli, '--root', root], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('core/sim/bad.ts:1');
  });

  it('gives the CLI the file list the public-surface rule needs', () => {
    const root = tempDir('layers');
    mkdirSync(path.join(root, 'core', 'sim'), { recursive: true });
    mkdirSync(path.join(root, 'electron'), { recursive: true });
    writeFileSync(path.join(root, 'core', 'sim', 'index.ts'), "export * from './ok';\n");
    writeFileSync(path.join(root, 'core', 'sim', 'ok.ts'), 'export const x = 1;\n');
    writeFileSync(path.join(root, 'electron', 'a.ts'), "export { x } from '../core/sim';\n");
    const cli = path.join(import.meta.dirname, 'check-layers.ts');
    const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
    expect(spawnSync(tsx, [cli, '--root', root], { encoding: 'utf8' }).status).toBe(0);
    writeFileSync(path.join(root, 'electron', 'a.ts'), "export { x } from '../core/sim/ok';\n");
    const r = spawnSync(tsx, [cli, '--root', root], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('electron/a.ts:1  [public-surface]');
  });
});
