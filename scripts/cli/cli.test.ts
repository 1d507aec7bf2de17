/**
 * The headless tools' command lines. Every usage error is read in process exactly as the tool
 * reads it (scripts/cli/tools.ts: one line naming the flag, the value and what is allowed); a few
 * run as real child processes (`node --import tsx scripts/…`), checked for exit code 2, that single
 * stderr line with no stack and no work done, and `--help` doing nothing but print. Plus the
 * argument layer itself.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES, ROOM_NAME_BYTES } from '../../core/lockstep';
import { helpText, parseTool, readCommandLine, UsageError, visibleText } from './args';
import { checkClient, checkHost, checkMatch, CLIENT_TOOL, HOST_TOOL, lanInterface, MATCH_TOOL } from './tools';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bb-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function tool(name: 'match' | 'host' | 'client', args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    // A deadline, not a speed goal: a usage error or --help must end by itself, never host or play.
    execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', `${name}.ts`), ...args], { cwd: ROOT, timeout: 30_000, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const usageCases: [tool: 'match' | 'host' | 'client', args: string[], line: RegExp][] = [
  ['match', ['--seed', 'abc'], /^match: --seed "abc" is not accepted: expected a whole number in 0\.\.4294967295$/],
  ['match', ['--players', '-3'], /^match: --players "-3" is not accepted: expected a whole number in 1\.\.50$/],
  ['match', ['--players=-3'], /^match: --players "-3" is not accepted: expected a whole number in 1\.\.50$/],
  ['match', ['--players', '10000'], /^match: --players "10000" .* 1\.\.50$/],
  ['match', ['--bots', '1e9'], /^match: --bots "1e9" .* 0\.\.50$/],
  ['match', ['--frames', '0'], /^match: --frames "0" .* 1\.\.108000$/],
  ['match', ['--minutes', '1e9'], /^match: --minutes "1e9" .* 0\.01\.\.60$/],
  ['match', ['--map', '../../etc/passwd'], /^match: --map "\.\.\/\.\.\/etc\/passwd" .* one of .*arena-small/],
  ['match', ['--frobnicate'], /^match: unknown option --frobnicate \(see --help/],
  ['match', ['--seed'], /^match: --seed needs a value: a whole number in 0\.\.4294967295$/],
  ['match', ['--players', '4', '--bots', '9'], /^match: --bots "9" .* at most --players \(4\)$/],
  ['match', ['--frames', '30', '--minutes', '1'], /^match: --frames and --minutes both set the match length/],
  ['match', ['--record', path.join(os.tmpdir(), 'no-such-folder-bb', 'x.json')], /^match: --record ".*x\.json" .* a file path in an existing, writable folder$/],
  ['match', ['--difficulty', 'brutal', '--bots', '2'], /^match: --difficulty "brutal" .* one of easy, normal, hard, mixed$/],
  ['host', ['--port', '70000'], /^host: --port "70000" .* 0\.\.65535$/],
  ['host', ['--name', 'x'.repeat(ROOM_NAME_BYTES + 1)], new RegExp(`^host: --name "x{${ROOM_NAME_BYTES + 1}}" .* visible text of 1\\.\\.${ROOM_NAME_BYTES} UTF-8 bytes`)],
  ['host', ['--delay', '302'], /^host: --delay "302" .* a multiple of 5 in 5\.\.1275$/],
  ['host', ['--map', 'nowhere'], /^host: --map "nowhere" .* a map id of the resources: .*arena-small/],
  ['host', ['--vote', '90', '--force-drop', '60'], /^host: --vote "90" .* at most --force-drop \(60\)$/],
  ['client', [], /^client: --join is required/],
  ['client', ['--join', 'nowhere'], /^client: --join "nowhere" .* an address like 127\.0\.0\.1:47777$/],
  ['client', ['--join', '127.0.0.1:1', '--name', 'x'.repeat(MAX_NAME_BYTES + 1)], new RegExp(`^client: --name "x{${MAX_NAME_BYTES + 1}}" .* visible text of 1\\.\\.${MAX_NAME_BYTES} UTF-8 bytes`)],
  ['client', ['--join', '127.0.0.1:1', '--bot', '--random'], /^client: --bot and --random cannot be combined/],
  ['client', ['--join', '127.0.0.1:1', 'stray'], /^client: unexpected argument "stray"/],
  ['host', ['--lan', '127.0.0.1'], /^host: --lan "127\.0\.0\.1" .* the address of one of this machine's network interfaces/],
  ['host', ['--lan', '198.51.100.300'], /^host: --lan "198\.51\.100\.300" .* an IPv4 address/],
  ['client', ['--join', '127.0.0.1:1', '--lan', '198.51.100.7'], /^client: --lan "198\.51\.100\.7" .* the address of one of this machine's network interfaces/],
];

/** Each tool's command line as the tool itself reads it. */
const readAs: Record<'match' | 'host' | 'client', (argv: readonly string[]) => unknown> = {
  match: (argv) => readCommandLine(MATCH_TOOL, argv, checkMatch),
  host: (argv) => readCommandLine(HOST_TOOL, argv, checkHost),
  client: (argv) => readCommandLine(CLIENT_TOOL, argv, checkClient),
};

describe('usage errors', () => {
  it.for(usageCases)('%s %j → one line naming what is allowed', ([name, args, line], { expect }) => {
    const read = readAs[name](args);
    expect(read).toEqual({ usage: expect.stringMatching(line) });
    expect((read as { usage: string }).usage).not.toContain('\n');
  });

  // Real processes, one a tool, one after the other (concurrent starts on a busy 2-core machine run
  // into the deadline): the line reaches stderr alone, exit code 2, before any work.
  const real = (['match', 'host', 'client'] as const).map((name) => usageCases.find(([n]) => n === name)!);
  it.for(real)('the real %s tool: %j → that line on stderr, exit 2, nothing else', async ([name, args, line], { expect }) => {
    const r = await tool(name, args);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.trimEnd()).toMatch(line);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe(''); // refused before any work: no match, no socket, no log line
  });
});

describe('--help', () => {
  const every: Record<string, string[]> = {
    match: ['--map', '--seed', '--players', '--minutes', '--frames', '--record', '--bots', '--difficulty', '--trees'],
    host: ['--headless', '--name', '--wait', '--bots', '--port', '--address', '--map', '--seconds', '--key-interval', '--delay', '--seed', '--deterministic', '--vote', '--force-drop', '--reports', '--no-verify', '--resources', '--stay'],
    client: ['--join', '--bot', '--random', '--idle', '--spectate', '--name', '--seed', '--token-file', '--reports', '--resources', '--address', '--deterministic'],
  };
  it.for(Object.keys(every) as ('match' | 'host' | 'client')[])('%s --help lists every option, exits 0 and starts nothing', async (name, { expect }) => {
    // Given after other options too: asking for help wins over everything else on the line.
    const r = await tool(name, ['--port', '0', '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^Usage: npm run ${name} -- \\[options\\]`));
    for (const flag of every[name]!) expect(r.stdout).toMatch(new RegExp(`^  ${flag}\\b`, 'm'));
    expect(r.stdout).not.toMatch(/"ev"/); // host/client log JSON lines once they run: nothing ran
  });

  it('shows ranges and defaults', ({ expect }) => {
    const { help } = readCommandLine(MATCH_TOOL, ['--help']) as { help: string };
    expect(help).toMatch(/--players <n> .*\[1\.\.50\]/);
    expect(help).toMatch(/--seed <n> .*\[0\.\.4294967295\] \(default 1\)/);
    expect(help).toMatch(/--minutes <n> .*\[0\.01\.\.60\]/);
  });
});

describe('the argument layer', () => {
  const spec = {
    name: 'demo',
    summary: 'A demo.',
    options: {
      count: { kind: 'int', min: 1, max: 5, default: 2, help: 'how many' },
      out: { kind: 'file-out', help: 'where' },
      who: { kind: 'text', arg: 'name', help: 'a name', ...visibleText(6) },
      loud: { kind: 'flag', help: 'louder' },
    },
  } as const;
  const refused = (argv: string[]): string => {
    try {
      parseTool(spec, argv);
    } catch (e) {
      if (e instanceof UsageError) return e.message;
      throw e;
    }
    throw new Error(`accepted ${argv.join(' ')}`);
  };

  it('returns typed values and defaults', () => {
    expect(parseTool(spec, ['--count', '5', '--loud'])).toEqual({ count: 5, out: undefined, who: undefined, loud: true });
    expect(parseTool(spec, [])).toEqual({ count: 2, out: undefined, who: undefined, loud: false });
    expect(parseTool(spec, ['--who', '球球'])).toMatchObject({ who: '球球' });
  });

  it('refuses instead of clamping or rounding', () => {
    for (const v of ['0', '6', '2.5', '0x2', ' 3', '']) expect(refused([`--count=${v}`])).toContain('1..5');
  });

  it('counts name limits in UTF-8 bytes and refuses blanks and control characters', () => {
    expect(refused(['--who', '球球球'])).toContain('1..6 UTF-8 bytes'); // 9 bytes
    expect(refused(['--who', '   '])).toContain('visible text');
    expect(refused(['--who', 'a\u0007b'])).toContain('visible text');
  });

  it('a missing value, a repeated option, a value on a flag', () => {
    expect(refused(['--who', '--loud'])).toBe('--who needs a value: visible text of 1..6 UTF-8 bytes (a CJK character takes 3)');
    expect(refused(['--count', '1', '--count', '2'])).toBe('--count is given twice');
    expect(refused(['--loud=yes'])).toBe('--loud takes no value (got "yes")');
  });

  it('checks an output path before any work: missing folder, a folder in place of a file', () => {
    expect(refused(['--out', path.join(tmp, 'missing', 'x')])).toContain('existing, writable folder');
    expect(refused(['--out', tmp])).toContain('existing, writable folder');
    expect(parseTool(spec, ['--out', path.join(tmp, 'x.json')])).toMatchObject({ out: path.join(tmp, 'x.json') });
  });

  it('help lists the range and default of each option', () => {
    const text = helpText(spec);
    expect(text).toMatch(/--count <n> +how many \[1\.\.5\] \(default 2\)/);
    expect(text).toMatch(/--help +print this list/);
  });
});

describe('--lan (group frames)', () => {
  const eth = { name: 'eth0', address: '192.168.1.20', netmask: '255.255.255.0', broadcast: '192.168.1.255' };
  it('takes an interface of this machine that the game socket can use, and names the others when refused', () => {
    expect(lanInterface('192.168.1.20', '0.0.0.0', [eth])).toBe(eth);
    expect(lanInterface('192.168.1.20', '192.168.1.20', [eth])).toBe(eth);
    expect(() => lanInterface('192.168.1.20', '127.0.0.1', [eth])).toThrow(/--lan "192\.168\.1\.20" .* the --address the game socket binds \(127\.0\.0\.1\), or --address 0\.0\.0\.0/);
    expect(() => lanInterface('10.0.0.1', '0.0.0.0', [eth])).toThrow(/expected the address of one of this machine's network interfaces: 192\.168\.1\.20 \(eth0\)$/);
    expect(() => lanInterface('10.0.0.1', '0.0.0.0', [])).toThrow(/interfaces: none found$/);
  });
});

/**
 * Issue 32, the match's path: `--trees` pointing at a designer's folder where hard.json is a
 * folder (it ended the match with "EISDIR", exit 1), easy.json was saved as Easy.json (silently
 * the built-in tree) and normal.json has a number JSON cannot hold and a misspelt argument (the
 * first silently the default). The match plays, and each problem is one notice line.
 */
describe('npm run match -- --trees <a designer folder>', () => {
  it('plays with the built-in trees, one notice per problem, naming file and node', async () => {
    const dir = mkdtempSync(path.join(tmp, 'trees-'));
    mkdirSync(path.join(dir, 'hard.json'));
    copyFileSync(path.join(ROOT, 'resources', 'ai', 'easy.json'), path.join(dir, 'Easy.json'));
    const normal = readFileSync(path.join(ROOT, 'resources', 'ai', 'normal.json'), 'utf8');
    const broken = normal.replace(/"range":\s*16\b/, '"range": 1e999').replace('"probe"', '"prbe"');
    expect(broken).not.toBe(normal);
    writeFileSync(path.join(dir, 'normal.json'), broken);
    const r = await tool('match', ['--bots', '3', '--players', '3', '--frames', '2', '--trees', dir]);
    expect(r.code, r.stderr).toBe(0);
    const shown = dir; // outside the working folder: named in full
    const notices = r.stdout.split('\n').filter((l) => l.startsWith('notice: '));
    expect(notices).toEqual([
      `notice: ${shown}/easy.json: tree: could not be read (no such file; the folder has "Easy.json", but the name must be exactly easy.json) — using the built-in Easy tree`,
      expect.stringMatching(new RegExp(`^notice: ${shown}/normal\\.json: node \\S+: unknown argument "prbe" for Flee .* — using the built-in Normal tree$`)),
      expect.stringMatching(new RegExp(`^notice: ${shown}/normal\\.json: node \\S+: argument "range" must be an integer, got a number too large to hold \\(e\\.g\\. 1e999\\) — using the built-in Normal tree$`)),
      `notice: ${shown}/hard.json: tree: could not be read (a folder, not a file) — using the built-in Hard tree`,
    ]);
    expect(r.stdout).toMatch(/^final hash: \d+/m);
  }, 60_000);
});
