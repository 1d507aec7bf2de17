/**
 * What the sealer (issue 17) costs. 1. CPU: sealing and opening one datagram of a session (the
 * HMAC-SHA256 both ways), for a typical key frame and a full one; the room's traffic budget allows
 * ~1000 datagrams a second at the host of 50 players. 2. Bytes: the tag on every datagram and the
 * JOIN's key block (the room bench measures the whole room on the wire, tags included). 3. The join:
 * from connect to the lobby on loopback, challenge round trip and X25519 included.
 */
import type { BenchContext } from '../../../bench/lib';
import { encodeAccept, encodeHostFrame, encodeJoin } from '../../../core/lockstep';
import { MAC_BYTES } from '../../../core/net';
import { LockstepNode } from './LockstepNode';
import { loadTrees } from './loadTrees';
import { newIdentity } from './secure/keys';
import { CHALLENGE_BYTES, Sealer } from './secure/Sealer';

const HOST = '10.0.0.1:47777';
const ME = '10.0.0.2:5000';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** A host and a client link with a session between them. */
function session(): { host: Sealer; client: Sealer } {
  const host = new Sealer(newIdentity(), () => 0);
  const client = new Sealer(newIdentity(), () => 0);
  const challenge = host.open(ME, client.seal(HOST, encodeJoin({ nonce: 1, spectate: false, name: 'Ana', appVersion: '1' }))!).reply!;
  host.open(ME, client.open(HOST, challenge).reply!);
  client.open(HOST, host.seal(ME, encodeAccept({ nonce: 1, slot: 0, token: 5, owner: false }))!);
  return { host, client };
}

/** µs to seal at the host and open at the client one datagram of `size` bytes, median of batches. */
function perDatagram(size: number): number {
  const { host, client } = session();
  const frame = encodeHostFrame({ inputAck: 1 }).bytes;
  const bytes = new Uint8Array(size);
  bytes.set(frame);
  const batch = 2000;
  const times: number[] = [];
  for (let r = 0; r < 25; r++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) if (!client.open(HOST, host.seal(ME, bytes)!).deliver) throw new Error('a sealed datagram did not open');
    times.push(((performance.now() - t0) * 1000) / batch);
  }
  return median(times.slice(5));
}

async function joinMs(trees: ReturnType<typeof loadTrees>['trees']): Promise<number> {
  const host = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: null });
  host.host({});
  const t0 = performance.now();
  const c = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
  const peer = c.join({ host: `127.0.0.1:${host.port}`, name: 'Ana' });
  while (peer.phase !== 'lobby' && performance.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 1));
  const ms = performance.now() - t0;
  await c.close();
  await host.close();
  return ms;
}

export default async function (ctx: BenchContext): Promise<void> {
  const typical = 64;
  const us = perDatagram(typical);
  ctx.record({ group: 'net/secure', name: `seal + open one ${typical}-byte datagram (HMAC-SHA256 both ends), median`, value: us, unit: 'µs', goal: '<= 20 µs', met: us <= 20 });
  ctx.record({ group: 'net/secure', name: 'seal + open one full 1200-byte datagram, median', value: perDatagram(1200 - MAC_BYTES), unit: 'µs' });
  ctx.record({ group: 'net/secure', name: 'bytes added to every datagram of a session (the tag)', value: MAC_BYTES, unit: 'B', notes: 'about 8.5 kB/s for the 1057 datagrams/s of a 50-player room (room bench rows include it)' });
  ctx.record({ group: 'net/secure', name: 'bytes added to a JOIN (key block + tag) / a CHALLENGE datagram, once per join', value: CHALLENGE_BYTES - 4 + MAC_BYTES, unit: 'B', notes: `CHALLENGE ${CHALLENGE_BYTES} B` });
  const trees = loadTrees().trees;
  const joins: number[] = [];
  for (let i = 0; i < 15; i++) joins.push(await joinMs(trees));
  ctx.record({ group: 'net/secure', name: 'connect → lobby on loopback (challenge round trip + X25519), median of 15', value: median(joins), unit: 'ms', notes: `max ${Math.max(...joins).toFixed(1)} ms` });
}
