import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource } from './layers';

const rules = (rel: string, src: string): string[] => checkSource(rel, src).map((v) => `${v.rule}@${v.line}`);

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
    const root = mkdtempSync(path.join(os.tmpdir(), 'bb-layers-'));
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
});
