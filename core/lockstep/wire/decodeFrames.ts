/**
 * Readers of the two frame kinds (CFRAME, HFRAME; layout in codec.ts). Each reads through a Reader
 * that records the first fault instead of throwing, so decodeDatagram stays total: a malformed
 * field marks the reader failed and the datagram is refused whole.
 */
import type { SlotInput } from '../../sim';
import { DELAY_UNIT_MS, MAX_SLOTS } from '../types';
import type { HostStatus, KeyUpdate, SlotEvent, StallCause } from '../types';
import type { Reader } from './bytes';
import { MASK_FORM, MAX_CTL_BYTES, MAX_CTL_PER_FRAME, MAX_LIST, MAX_MASK_BYTES } from './frames';
import type { ClientFrame, ControlSection, HostFrame, UplinkInput } from './frames';
import { nibble, readEntry, readEntryBody, unwrap15, unwrap16 } from './wire';

function readCtl(r: Reader): ControlSection {
  const firstSeq = r.u16();
  const n = r.count(MAX_CTL_PER_FRAME);
  const msgs: Uint8Array[] = [];
  for (let i = 0; i < n && !r.failed; i++) {
    const len = r.u16();
    if (len > MAX_CTL_BYTES || len === 0) r.fail();
    msgs.push(r.bytesOf(len));
  }
  return { firstSeq, msgs };
}

export function readClientFrame(r: Reader, ref: number): ClientFrame {
  const token = r.u32();
  const s = r.u8();
  const f: { -readonly [K in keyof ClientFrame]: ClientFrame[K] } = { type: 'cframe', token };
  if (s & 0xc0) f.copy = s >> 6;
  let closed = ref;
  let back: number | undefined;
  if (s & 1) {
    const w = r.u16();
    closed = unwrap15(w & 0x7fff, ref);
    let d: number;
    if (w & 0x8000) {
      const b = r.u8();
      d = nibble(b);
      back = nibble(b >> 4);
      if (!(s & 2)) r.fail(); // the packed form carries the hash section's key
    } else {
      const b = r.u8();
      d = b >= 128 ? b - 256 : b;
    }
    f.progress = { closedThrough: closed, recvKey: closed + d };
  }
  if (s & 2) {
    if (!(s & 1)) r.fail(); // the hash key is relative to the progress section's closure
    if (back === undefined) {
      const b = r.u8();
      back = b >= 128 ? b - 256 : b;
    }
    f.hash = { key: closed - back, hash: r.u32() };
  }
  if (s & 4) {
    const n = r.count(MAX_LIST);
    const inputs: UplinkInput[] = [];
    for (let i = 0; i < n && !r.failed; i++) {
      const key = unwrap16(r.u16(), ref);
      inputs.push({ key, ...readEntry(r) });
    }
    f.inputs = inputs;
  }
  if (s & 8) f.ctl = readCtl(r);
  if (s & 16) f.ctlAck = r.u16();
  if (s & 32) {
    const ts = r.u16();
    const holdMs = r.u16();
    const m = { lossPct: pct(r), slackMs: slack(r.u8()), behindMs: r.u8() * 10 };
    f.report = holdMs === 0xffff ? m : { echo: { ts, holdMs }, ...m };
  }
  return f;
}

/** Slack on the wire: u8 in 4 ms units, 255 = unknown (-1). */
function slack(v: number): number {
  return v === 255 ? -1 : v * 4;
}

function pct(r: Reader): number {
  const v = r.u8();
  if (v > 100) r.fail();
  return v;
}

export function readUpdate(r: Reader, key: number): KeyUpdate {
  const flags = r.u8();
  const n = flags & 63;
  const inputs = n > MASK_FORM ? readMasked(r, n - MASK_FORM) : readListed(r, n);
  const events: SlotEvent[] = [];
  if (flags & 64) {
    const m = r.count(MAX_SLOTS);
    for (let i = 0; i < m && !r.failed; i++) {
      const kind = r.u8();
      const slot = r.u8();
      const difficulty = r.u8();
      if ((kind !== 1 && kind !== 2) || slot >= MAX_SLOTS || difficulty > 3) r.fail();
      events.push({ kind: kind === 2 ? 2 : 1, slot, difficulty });
    }
  }
  if (flags & 128) {
    const units = r.u8();
    if (units === 0) r.fail();
    return { key, inputs, events, delayMs: units * DELAY_UNIT_MS };
  }
  return { key, inputs, events };
}

function readListed(r: Reader, n: number): SlotInput[] {
  if (n > MAX_SLOTS) r.fail();
  const inputs: SlotInput[] = [];
  let last = -1;
  for (let i = 0; i < n && !r.failed; i++) {
    const e = readEntry(r);
    if (e.slot <= last || e.slot >= MAX_SLOTS) r.fail(); // sorted, one entry per slot
    last = e.slot;
    inputs.push(e);
  }
  return inputs;
}

function readMasked(r: Reader, len: number): SlotInput[] {
  if (len < 1 || len > MAX_MASK_BYTES) r.fail();
  const inputs: SlotInput[] = [];
  for (const slot of maskSlots(r.bytesOf(r.failed ? 0 : len))) {
    if (r.failed) break;
    if (slot >= MAX_SLOTS) r.fail();
    inputs.push({ slot, input: readEntryBody(r) });
  }
  return inputs;
}

/** The slots a bitmask names (slot 0 = bit 0 of byte 0), in order. */
function maskSlots(mask: Uint8Array): number[] {
  const slots: number[] = [];
  for (let slot = 0; slot < 8 * mask.length; slot++) if ((((mask[slot >> 3] ?? 0) >> (slot & 7)) & 1) === 1) slots.push(slot);
  return slots;
}

function readStatus(r: Reader, ref: number): HostStatus {
  const state = r.u8();
  if (state > 2) r.fail();
  const key = unwrap16(r.u16(), ref);
  const heldMs = r.u16() * 10;
  const votesNeeded = r.u8();
  const voteInMs = r.u16() * 10;
  const forceInMs = r.u16() * 10;
  const pausedBy = r.u8();
  const n = r.count(MAX_LIST);
  const waiting: { slot: number; cause: StallCause; votes: number }[] = [];
  for (let i = 0; i < n && !r.failed; i++) {
    const slot = r.u8();
    const cause = r.u8();
    const votes = r.u8();
    if (cause !== 1 && cause !== 2) r.fail();
    waiting.push({ slot, cause: cause === 2 ? 2 : 1, votes });
  }
  return { state: state === 1 ? 1 : state === 2 ? 2 : 0, key, heldMs, votesNeeded, voteInMs, forceInMs, waiting, pausedBy };
}

/** A host frame; `group`: a GFRAME, whose held slots' bitmask comes first. */
export function readHostFrame(r: Reader, ref: number, group = false): HostFrame {
  const f: { -readonly [K in keyof HostFrame]: HostFrame[K] } = { type: 'hframe' };
  if (group) {
    const n = r.u8();
    if (n > MAX_MASK_BYTES) r.fail();
    f.held = maskSlots(r.bytesOf(r.failed ? 0 : n));
    if (f.held.some((slot) => slot >= MAX_SLOTS)) r.fail();
  }
  const s = r.u8();
  if (s & 0xc0) f.copy = s >> 6;
  if (s & 1) {
    const w = r.u16();
    const first = unwrap15(w & 0x7fff, ref);
    const n = w & 0x8000 ? r.count(MAX_LIST) : 1;
    if (n === 0) r.fail();
    const updates: KeyUpdate[] = [];
    for (let i = 0; i < n && !r.failed; i++) updates.push(readUpdate(r, first + i));
    f.updates = updates;
  }
  if (s & 2) f.inputAck = unwrap16(r.u16(), ref);
  if (s & 4) f.status = readStatus(r, ref);
  if (s & 8) f.ctl = readCtl(r);
  if (s & 16) f.ctlAck = r.u16();
  if (s & 32) f.ping = { ts: r.u16(), rttMs: r.u16(), lossPct: pct(r), earlyMs: r.u8() * 4 };
  return f;
}
