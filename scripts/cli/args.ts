/**
 * The argument layer of the headless tools (`npm run match`, `host`, `client`): each tool declares
 * its options once — kind, range, default, a line of help — and gets typed values, `--help` built
 * from the same table, and usage errors that a user can act on.
 * Invariants: a value outside its range is refused, never clamped; a usage error is one line on
 * stderr naming the flag, the value and what is allowed, exit code 2, no stack; output paths are
 * checked here, before the tool does any work, so a bad `--record` cannot cost a whole match.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkName } from '../../core/lockstep';

/** A mistake in what the user typed: reported as one line, exit code 2. */
export class UsageError extends Error {}

/** The usage error for `--flag value`, saying what the flag accepts. */
export function refuse(flag: string, value: string, allowed: string): UsageError {
  return new UsageError(`--${flag} ${JSON.stringify(value)} is not accepted: expected ${allowed}`);
}

/**
 * A `TextOpt.check` for names shown to other players: core's one name rule (visible text of at
 * most `maxBytes` UTF-8 bytes — the wire field's limit), so it is refused here, never cut there.
 */
export function visibleText(maxBytes: number): Pick<TextOpt, 'allowed' | 'test'> {
  return {
    allowed: `visible text of 1..${maxBytes} UTF-8 bytes (a CJK character takes 3)`,
    test: (v) => checkName(v, maxBytes).ok,
  };
}

interface Base {
  readonly help: string;
}
/** A whole number in min..max (decimal digits only: "1e9", "0x10" and "3.5" are refused). */
export interface IntOpt extends Base {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
  readonly default?: number;
}
/** A decimal number in min..max. */
export interface DecimalOpt extends Base {
  readonly kind: 'decimal';
  readonly min: number;
  readonly max: number;
  readonly default?: number;
}
/** Text; when `test` refuses a value, `allowed` says what would have been accepted. */
export interface TextOpt extends Base {
  readonly kind: 'text';
  readonly arg: string;
  readonly default?: string;
  readonly allowed?: string;
  readonly test?: (value: string) => boolean;
}
export interface ChoiceOpt extends Base {
  readonly kind: 'choice';
  readonly choices: readonly string[];
  readonly default?: string;
}
/** A file the tool will write (its folder must exist and be writable) or a folder it reads. */
export interface PathOpt extends Base {
  readonly kind: 'file-out' | 'dir-out' | 'dir-in';
}
export interface FlagOpt extends Base {
  readonly kind: 'flag';
}
export type Opt = IntOpt | DecimalOpt | TextOpt | ChoiceOpt | PathOpt | FlagOpt;
export type Spec = Readonly<Record<string, Opt>>;

type Val<O> = O extends FlagOpt
  ? boolean
  : O extends IntOpt | DecimalOpt
    ? O extends { readonly default: number } ? number : number | undefined
    : O extends { readonly default: string } ? string : string | undefined;
export type Values<S extends Spec> = { -readonly [K in keyof S]: Val<S[K]> };

export interface Tool<S extends Spec> {
  /** The npm script, e.g. "match": the prefix of every usage error. */
  readonly name: string;
  /** What the tool does, one or two lines. */
  readonly summary: string;
  readonly options: S;
}

const INT = /^-?\d+$/;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

function allowedOf(o: Opt): string {
  switch (o.kind) {
    case 'int':
      return `a whole number in ${o.min}..${o.max}`;
    case 'decimal':
      return `a number in ${o.min}..${o.max}`;
    case 'choice':
      return `one of ${o.choices.join(', ')}`;
    case 'file-out':
      return 'a file path in an existing, writable folder';
    case 'dir-out':
      return 'a writable folder (or one that can be created in an existing folder)';
    case 'dir-in':
      return 'an existing folder';
    case 'text':
      return o.allowed ?? `<${o.arg}>`;
    default:
      return 'no value';
  }
}

/** Refuses an output path that could not be written, before any work starts. */
function checkPath(flag: string, value: string, o: PathOpt): void {
  const bad = (): UsageError => refuse(flag, value, allowedOf(o));
  const stat = (p: string) => statSync(p, { throwIfNoEntry: false });
  const writable = (p: string): boolean => {
    try {
      accessSync(p, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  };
  const s = stat(value);
  if (o.kind === 'dir-in') {
    if (!s?.isDirectory()) throw bad();
    return;
  }
  if (s) {
    if ((o.kind === 'file-out' ? s.isFile() : s.isDirectory()) && writable(value)) return;
    throw bad();
  }
  const parent = path.dirname(path.resolve(value));
  if (!stat(parent)?.isDirectory() || !writable(parent)) throw bad();
}

function convert(flag: string, raw: string, o: Opt): string | number {
  switch (o.kind) {
    case 'int':
    case 'decimal': {
      const n = Number(raw);
      if (!(o.kind === 'int' ? INT : DECIMAL).test(raw) || n < o.min || n > o.max) throw refuse(flag, raw, allowedOf(o));
      return n;
    }
    case 'choice':
      if (!o.choices.includes(raw)) throw refuse(flag, raw, allowedOf(o));
      return raw;
    case 'text':
      if (o.test && !o.test(raw)) throw refuse(flag, raw, allowedOf(o));
      return raw;
    default:
      checkPath(flag, raw, o as PathOpt);
      return raw;
  }
}

/** The values of `argv` for `tool`, or null when the user asked for `--help`. Throws UsageError. */
export function parseTool<S extends Spec>(tool: Tool<S>, argv: readonly string[]): Values<S> | null {
  const options = Object.fromEntries(Object.entries(tool.options).map(([k, o]) => [k, { type: o.kind === 'flag' ? ('boolean' as const) : ('string' as const) }]));
  // Not strict: node's own errors are multi-line and call "--players -3" ambiguous; the tokens
  // are checked here instead, so every mistake gets one line in the same form.
  const { tokens } = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean' } }, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return null;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const t of tokens) {
    if (t.kind === 'positional') throw new UsageError(`unexpected argument ${JSON.stringify(t.value)} (options start with --; see --help)`);
    if (t.kind !== 'option') continue;
    const o = Object.hasOwn(tool.options, t.name) ? tool.options[t.name] : undefined;
    if (!o) throw new UsageError(`unknown option ${t.rawName} (see --help for the options)`);
    if (Object.hasOwn(out, t.name)) throw new UsageError(`--${t.name} is given twice`);
    if (o.kind === 'flag') {
      if (t.value !== undefined) throw new UsageError(`--${t.name} takes no value (got ${JSON.stringify(t.value)})`);
      out[t.name] = true;
      continue;
    }
    // "--name --bot": a missing value, not a name; "--players -3" is a (refused) number.
    const optionLike = t.value !== undefined && !t.inlineValue && t.value.startsWith('-') && !DECIMAL.test(t.value);
    if (t.value === undefined || optionLike) throw new UsageError(`--${t.name} needs a value: ${allowedOf(o)}`);
    out[t.name] = convert(t.name, t.value, o);
  }
  for (const [k, o] of Object.entries(tool.options)) {
    if (!Object.hasOwn(out, k)) out[k] = o.kind === 'flag' ? false : 'default' in o ? o.default : undefined;
  }
  return out as Values<S>;
}

/** `--help`: every option with what it accepts and its default. */
export function helpText<S extends Spec>(tool: Tool<S>): string {
  const rows = Object.entries(tool.options).map(([k, o]) => {
    const arg = o.kind === 'flag' ? '' : o.kind === 'text' ? ` <${o.arg}>` : o.kind === 'int' || o.kind === 'decimal' ? ' <n>' : o.kind === 'choice' ? ` <${o.choices.join('|')}>` : o.kind === 'dir-in' || o.kind === 'dir-out' ? ' <dir>' : ' <file>';
    const range = o.kind === 'flag' || (o.kind === 'text' && !o.allowed) ? '' : ` [${allowedOf(o).replace(/^(a whole number in|a number in|one of) /, '')}]`;
    const dflt = 'default' in o && o.default !== undefined ? ` (default ${o.default})` : '';
    return [`--${k}${arg}`, `${o.help}${range}${dflt}`] as const;
  });
  rows.push(['--help', 'print this list and exit']);
  const width = Math.max(...rows.map(([a]) => a.length)) + 2;
  return `Usage: npm run ${tool.name} -- [options]\n${tool.summary}\n\nOptions:\n${rows.map(([a, h]) => `  ${a.padEnd(width)}${h}`).join('\n')}\n`;
}

/** What a command line asks of a tool: its values, its help, or the one line of a usage error. */
export type CommandLine<S extends Spec> = { readonly values: Values<S> } | { readonly help: string } | { readonly usage: string };

/** Reads `argv` as `tool` does and runs `check` (rules between options, which throws UsageError). */
export function readCommandLine<S extends Spec>(tool: Tool<S>, argv: readonly string[], check: (values: Values<S>) => void = () => undefined): CommandLine<S> {
  try {
    const values = parseTool(tool, argv);
    if (values === null) return { help: helpText(tool) };
    check(values);
    return { values };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return { usage: `${tool.name}: ${e.message}` };
  }
}

/** The values of `argv` for `tool`; prints the help and returns null for `--help`; prints one line and exits 2 for a usage error. */
export function argsOrExit<S extends Spec>(tool: Tool<S>, argv: readonly string[], check?: (values: Values<S>) => void): Values<S> | null {
  const line = readCommandLine(tool, argv, check);
  if ('values' in line) return line.values;
  if ('help' in line) {
    process.stdout.write(line.help);
    return null;
  }
  process.stderr.write(`${line.usage}\n`);
  process.exit(2);
}
