/**
 * The replay files in `<userData>/replays/`: list, read, save, prune. Files are untrusted (crashes
 * mid-write, hand edits, other versions): the list reads each file's header and end record through
 * core/replay and shows a damaged or incompatible one with its message instead of failing; `save`
 * accepts only what core/replay's reader fully accepts, writes through a temp file and a rename,
 * then keeps the newest `keepReplays` files. Ids are file-name stems checked against REPLAY_ID, so
 * no request can name a path outside the folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROTOCOL_VERSION } from '../../../core/lockstep';
import { parseReplay, summarizeReplay, type ReplayEnv } from '../../../core/replay';
import { APP_VERSION } from '../../../core/version';
import type { ReplayEntry, ReplayFile } from '../../contract';

export const REPLAY_EXT = '.bbr';
/** Largest replay file read or written (a 50-player hour is far below this). */
export const MAX_REPLAY_BYTES = 48 << 20;
const FRAME_RATE = 30;

/** A replay's id: a plain file-name stem (no separators, no dots: no path traversal). */
export const REPLAY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export class ReplayStore {
  readonly dir: string;

  constructor(
    userDataDir: string,
    /** The keepReplays setting, read at each save. */
    private readonly keep: () => number,
    private readonly env: ReplayEnv = { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION },
  ) {
    this.dir = path.join(userDataDir, 'replays');
  }

  /** The file of `id`, refusing anything but a plain id (no separators, no dots). */
  fileOf(id: string): string {
    if (!REPLAY_ID.test(id)) throw new Error(`invalid replay id: ${JSON.stringify(id.slice(0, 80))}`);
    return path.join(this.dir, id + REPLAY_EXT);
  }

  /** Replay files with a valid id and their modification times, newest first. */
  private async files(): Promise<{ id: string; mtimeMs: number; size: number }[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const out: { id: string; mtimeMs: number; size: number }[] = [];
    for (const name of names) {
      if (!name.endsWith(REPLAY_EXT)) continue;
      const id = name.slice(0, -REPLAY_EXT.length);
      if (!REPLAY_ID.test(id)) continue;
      try {
        const s = await stat(path.join(this.dir, name));
        if (s.isFile()) out.push({ id, mtimeMs: s.mtimeMs, size: s.size });
      } catch {
        // Vanished between readdir and stat: not listed.
      }
    }
    return out.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  async list(): Promise<readonly ReplayEntry[]> {
    const entries: ReplayEntry[] = [];
    for (const f of await this.files()) {
      const fallback = { id: f.id, date: new Date(f.mtimeMs).toISOString(), mapId: '', map: '', players: [] as string[], seconds: 0, winner: null, bytes: f.size };
      if (f.size > MAX_REPLAY_BYTES) {
        entries.push({ ...fallback, error: { code: 'too-large' } });
        continue;
      }
      let bytes: Uint8Array;
      try {
        bytes = await readFile(this.fileOf(f.id));
      } catch (e) {
        entries.push({ ...fallback, error: { code: 'unreadable' } });
        continue;
      }
      const { header, footer, error } = summarizeReplay(bytes, this.env);
      const winner = footer?.winner ?? null;
      entries.push({
        id: f.id,
        date: header?.date ?? fallback.date,
        mapId: header?.mapId ?? '',
        map: header?.mapName ?? '',
        players: header?.roster.map((r) => r.name) ?? [],
        seconds: footer ? footer.frames / FRAME_RATE : 0,
        winner: winner === null ? null : (header?.roster.find((r) => r.slot === winner)?.name ?? null),
        bytes: f.size,
        error: error ? { code: error.code, ...error.versions } : null,
      });
    }
    return entries;
  }

  async read(id: string): Promise<ReplayFile> {
    const file = this.fileOf(id);
    const s = await stat(file);
    if (s.size > MAX_REPLAY_BYTES) throw new Error(`replay ${id} is too large (${s.size} bytes)`);
    return { id, base64: (await readFile(file)).toString('base64') };
  }

  async save(base64: string): Promise<{ readonly id: string }> {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > MAX_REPLAY_BYTES) throw new Error(`replay too large (${bytes.length} bytes)`);
    parseReplay(bytes, this.env); // throws ReplayError with the reason: nothing unreadable is stored
    await mkdir(this.dir, { recursive: true });
    const id = newId();
    const file = this.fileOf(id);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    await this.prune(id);
    return { id };
  }

  /** Deletes all but the newest `keep()` replays (never `justSaved`). */
  async prune(justSaved?: string): Promise<string[]> {
    const keep = Math.max(1, Math.floor(this.keep()));
    const files = await this.files();
    // The file just saved counts as the newest whatever the clock says about mtimes.
    files.sort((a, b) => (b.id === justSaved ? 1 : 0) - (a.id === justSaved ? 1 : 0));
    const removed: string[] = [];
    for (const f of files.slice(keep)) {
      try {
        await unlink(this.fileOf(f.id));
        removed.push(f.id);
      } catch {
        // Already gone.
      }
    }
    return removed;
  }
}

/** A sortable, collision-proof id: save time (UTC) and random hex, e.g. 20260102-030405-123-9f3a1c. */
function newId(): string {
  const d = new Date();
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}-${p(d.getUTCMilliseconds(), 3)}-${randomBytes(3).toString('hex')}`;
}
