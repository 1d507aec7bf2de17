/**
 * Encoders of the two frame datagrams (CFRAME 0x20, HFRAME 0x21; layout in codec.ts).
 * Owns: fitting. A frame never exceeds MAX_PAYLOAD_BYTES (a group frame MAX_GROUP_PAYLOAD_BYTES:
 * its trailer is longer than a tag): fixed sections always go in, then
 * the oldest unacknowledged updates / inputs and control messages, as many as fit. Control
 * messages get a share of the room even while a long update backlog is being resent, so neither
 * stream starves the other. What does not fit is sent in the next datagram.
 */
import { HEADER_BYTES, MAX_GROUP_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES, writeHeader } from '../../net';
import { Writer } from './bytes';
import { LockstepType, MASK_FORM, MAX_CTL_PER_FRAME, MAX_LIST } from './frames';
import type { ClientFrame, ControlSection, Encoded, HostFrame, UplinkInput } from './frames';
import { DELAY_UNIT_MS } from '../types';
import type { HostStatus, KeyUpdate } from '../types';
import type { SlotInput } from '../../sim';
import { entrySize, writeEntry, writeEntryBody } from './wire';

/** Room kept for control messages when both streams have something to send. */
const CTL_SHARE = 400;

type Out<T> = Omit<T, 'type'>;

function begin(type: number, limit = MAX_PAYLOAD_BYTES): Writer {
  const w = new Writer(limit);
  const h = new Uint8Array(HEADER_BYTES);
  writeHeader(h, type);
  return w.bytes(h);
}

/** Splits `budget` between a primary list and control messages; returns how many of each fit. */
function split(primary: readonly number[], primaryOverhead: number, primaryMax: number, ctl: ControlSection | undefined, budget: number): [number, number] {
  const cs = ctl ? ctlSizes(ctl.msgs) : [];
  const reserve = cs.length > 0 ? Math.min(CTL_SHARE, 3 + cs.reduce((a, b) => a + b, 0)) : 0;
  const np = primary.length > 0 ? fitPrefix(primary, budget - reserve, primaryOverhead, primaryMax) : 0;
  let used = 0;
  for (let i = 0; i < np; i++) used += primary[i] ?? 0;
  if (np > 0) used += primaryOverhead;
  const nc = cs.length > 0 ? fitPrefix(cs, budget - used, 3, MAX_CTL_PER_FRAME) : 0;
  return [np, nc];
}

/** Encodes a client frame, taking the oldest `inputs` and control messages that fit. */
export function encodeClientFrame(f: Out<ClientFrame>): Encoded {
  let fixed = HEADER_BYTES + 5;
  const closed = f.progress ? f.progress.closedThrough : 0;
  const hash = f.progress && f.hash && closed - f.hash.key >= -128 && closed - f.hash.key <= 127 ? f.hash : undefined;
  const d = f.progress ? Math.min(127, Math.max(-128, f.progress.recvKey - closed)) : 0;
  const back = hash ? closed - hash.key : 0;
  // Packed progress: both small offsets in one byte (d may be clamped down to 7: it is only an ack).
  const packed = hash !== undefined && d >= -8 && back >= -8 && back <= 7;
  if (f.progress) fixed += 3;
  if (hash) fixed += packed ? 4 : 5;
  if (f.ctlAck !== undefined) fixed += 2;
  if (f.report) fixed += 7;
  const inputs = f.inputs ?? [];
  const [ni, nc] = split(inputs.map((i) => 3 + entrySize(i.input)), 1, MAX_LIST, f.ctl, MAX_PAYLOAD_BYTES - fixed);
  const sections = (f.progress ? 1 : 0) | (hash ? 2 : 0) | (ni > 0 ? 4 : 0) | (nc > 0 ? 8 : 0) | (f.ctlAck !== undefined ? 16 : 0) | (f.report ? 32 : 0);
  const w = begin(LockstepType.ClientFrame).u32(f.token).u8(sections);
  if (f.progress) {
    if (packed) w.u16((closed & 0x7fff) | 0x8000).u8((Math.min(7, d) & 15) | ((back & 15) << 4));
    else w.u16(closed & 0x7fff).u8(d & 0xff);
  }
  if (hash) {
    if (!packed) w.u8(back & 0xff);
    w.u32(hash.hash);
  }
  if (ni > 0) {
    w.u8(ni);
    for (let i = 0; i < ni; i++) {
      const e = inputs[i] as UplinkInput;
      w.u16(e.key);
      writeEntry(w, e.slot, e.input);
    }
  }
  if (nc > 0 && f.ctl) writeCtl(w, f.ctl.firstSeq, f.ctl.msgs.slice(0, nc));
  if (f.ctlAck !== undefined) w.u16(f.ctlAck);
  const rep = f.report;
  if (rep) {
    w.u16(rep.echo ? rep.echo.ts : 0).u16(rep.echo ? Math.min(0xfffe, Math.max(0, Math.round(rep.echo.holdMs))) : 0xffff);
    w.u8(Math.min(100, Math.max(0, Math.round(rep.lossPct)))).u8(rep.slackMs < 0 ? 255 : Math.min(254, Math.round(rep.slackMs / 4)));
    w.u8(Math.min(255, Math.max(0, Math.round(rep.behindMs / 10))));
  }
  return { bytes: w.finish(), updates: ni, ctl: nc };
}

export function writeUpdate(w: Writer, u: KeyUpdate): void {
  const form = inputFormSizes(u.inputs);
  const masked = form.mask < form.list;
  w.u8((masked ? MASK_FORM + form.maskBytes : u.inputs.length) | (u.events.length > 0 ? 64 : 0) | (u.delayMs !== undefined ? 128 : 0));
  if (masked) {
    w.bytes(slotMask(u.inputs.map((i) => i.slot)));
    for (const i of u.inputs) writeEntryBody(w, i.input);
  } else {
    for (const i of u.inputs) writeEntry(w, i.slot, i.input);
  }
  if (u.events.length > 0) {
    w.u8(u.events.length);
    for (const e of u.events) w.u8(e.kind).u8(e.slot).u8(e.difficulty);
  }
  if (u.delayMs !== undefined) w.u8(Math.min(255, Math.max(1, Math.round(u.delayMs / DELAY_UNIT_MS))));
}

const ms10 = (ms: number): number => Math.min(0xffff, Math.max(0, Math.round(ms / 10)));

function writeStatus(w: Writer, s: HostStatus): void {
  w.u8(s.state).u16(s.key).u16(ms10(s.heldMs)).u8(s.votesNeeded).u16(ms10(s.voteInMs)).u16(ms10(s.forceInMs)).u8(s.pausedBy);
  const n = Math.min(MAX_LIST, s.waiting.length);
  w.u8(n);
  for (let i = 0; i < n; i++) {
    const p = s.waiting[i];
    if (p) w.u8(p.slot).u8(p.cause).u8(Math.min(255, p.votes));
  }
}

/**
 * Encodes a host frame, taking the oldest `updates` (consecutive keys) and control messages that
 * fit; with `held`, a group frame (GFRAME: the held slots' bitmask, then the same sections).
 */
export function encodeHostFrame(f: Out<HostFrame>): Encoded {
  const held = f.held ? slotMask(f.held) : null;
  const limit = held ? MAX_GROUP_PAYLOAD_BYTES : MAX_PAYLOAD_BYTES;
  let fixed = HEADER_BYTES + 1 + (held ? 1 + held.length : 0);
  if (f.inputAck !== undefined) fixed += 2;
  if (f.status) fixed += 12 + 3 * Math.min(MAX_LIST, f.status.waiting.length);
  if (f.ctlAck !== undefined) fixed += 2;
  if (f.ping) fixed += 6;
  const updates = f.updates ?? [];
  // Section overhead: u16 first key, and a count byte unless there is one update (counted always).
  const [nu, nc] = split(updates.map(updateSize), 3, MAX_LIST, f.ctl, limit - fixed);
  const sections = (nu > 0 ? 1 : 0) | (f.inputAck !== undefined ? 2 : 0) | (f.status ? 4 : 0) | (nc > 0 ? 8 : 0) | (f.ctlAck !== undefined ? 16 : 0) | (f.ping ? 32 : 0);
  const w = held ? begin(LockstepType.GroupFrame, limit).u8(held.length).bytes(held).u8(sections) : begin(LockstepType.HostFrame).u8(sections);
  if (nu > 0) {
    const first = (updates[0]?.key ?? 0) & 0x7fff;
    if (nu === 1) w.u16(first);
    else w.u16(first | 0x8000).u8(nu);
    for (let i = 0; i < nu; i++) writeUpdate(w, updates[i] as KeyUpdate);
  }
  if (f.inputAck !== undefined) w.u16(f.inputAck);
  if (f.status) writeStatus(w, f.status);
  if (nc > 0 && f.ctl) writeCtl(w, f.ctl.firstSeq, f.ctl.msgs.slice(0, nc));
  if (f.ctlAck !== undefined) w.u16(f.ctlAck);
  if (f.ping) w.u16(f.ping.ts).u16(Math.min(0xffff, Math.max(0, Math.round(f.ping.rttMs)))).u8(Math.min(100, Math.max(0, Math.round(f.ping.lossPct)))).u8(Math.min(255, Math.max(0, Math.round(f.ping.earlyMs / 4))));
  return { bytes: w.finish(), updates: nu, ctl: nc };
}

export type { UplinkInput };

/** The slots as a bitmask (slot 0 = bit 0 of byte 0), as short as the highest slot allows (empty: none). */
function slotMask(slots: readonly number[]): Uint8Array {
  const mask = new Uint8Array(Math.ceil((Math.max(-1, ...slots) + 1) / 8));
  for (const s of slots) mask[s >> 3] = (mask[s >> 3] ?? 0) | (1 << (s & 7));
  return mask;
}

/** Bytes of an UPDATE's inputs in the list form and in the bitmask form (mask bytes included). */
export function inputFormSizes(inputs: readonly SlotInput[]): { list: number; mask: number; maskBytes: number } {
  let bodies = 0;
  let top = -1;
  for (const i of inputs) {
    bodies += entrySize(i.input);
    top = Math.max(top, i.slot);
  }
  const maskBytes = Math.max(1, Math.ceil((top + 1) / 8));
  return { list: inputs.length + bodies, mask: maskBytes + bodies, maskBytes };
}

/** Encoded size of one UPDATE (the encoder picks the smaller input form). */
export function updateSize(u: KeyUpdate): number {
  const f = inputFormSizes(u.inputs);
  let n = 1 + Math.min(f.list, f.mask);
  if (u.events.length > 0) n += 1 + 3 * u.events.length;
  if (u.delayMs !== undefined) n += 1;
  return n;
}

/** Takes the longest prefix of `sizes` whose sum (plus `overhead` when non-empty) fits in `budget`. */
export function fitPrefix(sizes: readonly number[], budget: number, overhead: number, max: number): number {
  let used = overhead;
  let n = 0;
  for (const sz of sizes) {
    if (n >= max || used + sz > budget) break;
    used += sz;
    n++;
  }
  return n;
}

export function ctlSizes(msgs: readonly Uint8Array[]): number[] {
  return msgs.map((m) => 2 + m.length);
}

export function writeCtl(w: Writer, firstSeq: number, msgs: readonly Uint8Array[]): void {
  w.u16(firstSeq).u8(msgs.length);
  for (const m of msgs) w.u16(m.length).bytes(m);
}
