/**
 * Damaged and foreign files: each gets its specific ReplayError (code and message), never a crash
 * or a half-read replay — truncated anywhere, any bit flipped, wrong magic, a future format
 * version, another app or protocol version, an invalid header field, an unknown event kind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { info, recordOffline } from '../../test/fixtures/replays/record';
import { PROTOCOL_VERSION } from '../lockstep';
import { APP_VERSION } from '../version';
import { parseReplay, replayHeader, ReplayError, ReplayWriter, summarizeReplay, type ReplayHeader } from '.';

const ENV = { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION };
let good: Uint8Array;
let header: ReplayHeader;

function errorOf(bytes: Uint8Array, env = ENV): ReplayError {
  try {
    parseReplay(bytes, env);
  } catch (e) {
    expect(e).toBeInstanceOf(ReplayError);
    return e as ReplayError;
  }
  throw new Error('parsed without error');
}

beforeAll(() => {
  const map = loadShippedMaps().get('arena-small')!;
  good = recordOffline(map, { seconds: 12, players: 3, humans: [0], seed: 3 }).bytes;
  header = parseReplay(good, ENV).header;
  void info;
});

describe('damaged files', () => {
  it('the intact file parses, and its summary matches', () => {
    const s = summarizeReplay(good, ENV);
    expect(s.error).toBeNull();
    expect(s.header?.mapId).toBe('arena-small');
    expect(s.footer?.frames).toBe(360);
    const old = summarizeReplay(good, { ...ENV, appVersion: '0.0.1' });
    expect(old.header?.mapId).toBe('arena-small');
    expect(old.error?.code).toBe('incompatible');
    expect(summarizeReplay(good.slice(0, 100), ENV).error?.code).toBe('truncated');
  });

  it('truncated at any length: "truncated" (naming where), or not a replay when the prelude is cut', () => {
    for (let n = 0; n < good.length; n += Math.max(1, Math.floor(good.length / 97))) {
      const e = errorOf(good.slice(0, n));
      if (n < 8) expect(e.code).toBe('not-replay');
      else expect(e.code, `cut at ${n}`).toBe('truncated');
      if (n >= 8) expect(e.message).toMatch(/truncated (in chunk \d+|after chunk \d+|before the header)/);
    }
    expect(errorOf(good.slice(0, good.length - 1)).message).toMatch(/truncated in chunk \d+ \(end\)/);
  });

  it('a flipped bit anywhere after the prelude: checksum mismatch in that chunk (or a framing error)', () => {
    for (let i = 8; i < good.length; i += 7) {
      const b = good.slice();
      b[i]! ^= 1 << (i % 8);
      const e = errorOf(b);
      expect(['checksum', 'truncated', 'invalid-field'], `byte ${i}: ${e.message}`).toContain(e.code);
    }
    const b = good.slice();
    b[40]! ^= 0x10; // inside the header chunk's JSON
    expect(errorOf(b).message).toBe('checksum mismatch in chunk 0 (header)');
  });

  it('wrong magic: not a replay; another format version: unsupported', () => {
    const b = good.slice();
    b[0] = 0x50;
    expect(errorOf(b)).toMatchObject({ code: 'not-replay', message: 'not a Ball Brawl replay (bad magic)' });
    expect(errorOf(new TextEncoder().encode('{"format":"ball-brawl-replay"}')).code).toBe('not-replay');
    const v = good.slice();
    v[4] = 1; // before cells: a dash, no split
    expect(errorOf(v)).toMatchObject({ code: 'format-version', message: 'unsupported replay format version 1, recorded by an older Ball Brawl (this build reads version 3)', versions: { file: 1, reads: 3 } });
    v[4] = 2; // snapshots of version 4, hashes of MurmurHash3 columns
    expect(errorOf(v)).toMatchObject({ code: 'format-version', message: 'unsupported replay format version 2, recorded by an older Ball Brawl (this build reads version 3)', versions: { file: 2, reads: 3 } });
    v[4] = 4;
    expect(errorOf(v)).toMatchObject({ code: 'format-version', versions: { file: 4, reads: 3 } });
  });

  it('another app or protocol version: incompatible, naming both', () => {
    expect(errorOf(good, { appVersion: '9.9.9', protocolVersion: PROTOCOL_VERSION }).message).toBe(`recorded by Ball Brawl ${APP_VERSION} (protocol ${PROTOCOL_VERSION}); this is 9.9.9 (protocol ${PROTOCOL_VERSION})`);
    expect(errorOf(good, { appVersion: APP_VERSION, protocolVersion: 99 }).code).toBe('incompatible');
  });

  it('an invalid header field is named', () => {
    const cases: [Partial<ReplayHeader>, string][] = [
      [{ keyInterval: 0 }, 'keyInterval'],
      [{ date: 'yesterday' }, 'date'],
      [{ mapId: '../etc' }, 'mapId'],
      [{ roster: [] }, 'roster'],
      [{ roster: [{ slot: 0, name: 'a', colour: 'red', bot: false, difficulty: 0 }] }, 'roster[0].colour'],
    ];
    for (const [patch, field] of cases) {
      const w = new ReplayWriter({ ...header, ...patch });
      const e = errorOf(w.finish({ frames: 0, hash: 0, complete: false, winner: null }, 0));
      expect(e).toMatchObject({ code: 'invalid-field', field });
      expect(e.message).toMatch(new RegExp(`^invalid field ${field.replace(/[[\]]/g, '\\$&')}`));
    }
  });

  it('an unknown slot-event kind or a slot outside the roster is an invalid field', () => {
    const w = new ReplayWriter(header);
    w.key(0, [], [{ kind: 200, slot: 0, difficulty: 1 }]);
    expect(errorOf(w.finish({ frames: 1, hash: 0, complete: false, winner: null }, 1))).toMatchObject({ code: 'invalid-field', field: 'event.kind' });
    const w2 = new ReplayWriter(header);
    w2.key(0, [{ slot: 9, input: { move: 0, angle: 0, targetX: 0, targetY: 0, split: false, eject: false } }], []);
    expect(errorOf(w2.finish({ frames: 1, hash: 0, complete: false, winner: null }, 1))).toMatchObject({ code: 'invalid-field', field: 'input.slot' });
  });

  it('replayHeader picks the cadences from the key interval', () => {
    const map = loadShippedMaps().get('arena-small')!;
    const h = replayHeader(info(map), 'lockstep', { seed: 1, lengthFrames: 900, pelletTarget: null, roster: header.roster }, 3);
    expect([h.hashEvery, h.snapshotEvery]).toEqual([10, 100]);
  });
});
