/**
 * Encoder and total decoder of every lockstep datagram (types 0x10-0x7f of core/net/header.ts).
 * Owns: the byte layout below. Decoding never throws: anything unexpected (short, absurd count,
 * reserved bit, trailing bytes) returns `{ ok: false, reason }`. Encoders fit what they are given
 * into MAX_PAYLOAD_BYTES and report how many updates / control messages they included.
 *
 * Wire layout of PROTOCOL_VERSION (core/net/header.ts; what each version changed is told once, in
 * core/lockstep/PROTOCOL.md). Little-endian; every datagram starts with the 4-byte header "BB",
 * version, type. Keys and sequence numbers are u16, except the two "k15" fields below: bits 0-14
 * a key's low 15 bits, bit 15 a flag (see wire.ts for how both unwrap). The sealer
 * (electron/services/lockstep/secure/Sealer.ts, where the bytes it adds are laid out) puts a
 * key block into the JOIN after its header, answers a JOIN without a valid cookie with a
 * CHALLENGE (0x16), adds a group block to the sealed ACCEPT (secure/groupSeal.ts) and ends every
 * datagram of a session with an 8-byte tag (MAC_BYTES); core encodes up to MAX_PAYLOAD_BYTES so
 * the tag still fits. The layouts below are what core reads and writes, the link's bytes removed.
 * Control messages are laid out where they are declared (control.ts).
 *
 *   0x10 JOIN    c→h  u32 nonce, u8 flags (bit0 spectate, bit1 rejoin, bit2 cancel), then without
 *                     rejoin str name (≤48 B), with rejoin u32 session token of the slot to take
 *                     back; then str appVersion (≤32 B). A cancel (flags exactly bit2) ends after
 *                     the flags: the joiner left before its ACCEPT came. Added within version 6:
 *                     a host without it counts the datagram malformed, as before.
 *   0x11 ACCEPT  h→c  u32 nonce, u8 slot (255 spectator), u32 token, u8 flags (bit0 you own the room)
 *   0x12 REJECT  h→c  u32 nonce, u8 reason (RejectReason), str host appVersion (≤32 B)
 *   0x13 SNAP    h→c  a snapshot chunk (layout in snapshotWire.ts)
 *   0x14 SNAPACK c→h  the chunks received so far, a bitmap (layout in snapshotWire.ts)
 *   0x20 CFRAME  c→h  u32 token, u8 sections (bits 0-5 below; bits 6-7: 0 original, 1-3 the
 *                     n-th redundant copy sent on a lossy link), then the sections in bit order:
 *        bit0 progress  k15 closedThrough (my inputs for every key ≤ it are final; a spectator
 *                       sends its recvKey; flag: packed), then
 *                         unpacked: i8 recvKey − closedThrough (all UPDATEs ≤ recvKey received;
 *                         clamped, so a far-ahead receiver under-reports: it is only an ack)
 *                         packed (only with the hash section, both offsets in -8..7; recvKey's
 *                         clamped to 7): u8 bits 0-3 i4 recvKey − closedThrough, bits 4-7 i4
 *                         closedThrough − hash key
 *        bit1 hash      [i8 closedThrough − key, unless packed], u32 state hash before that key's
 *                       inputs
 *        bit2 inputs    u8 n ≤ 64, n × (u16 key, u8 slot, input entry)   unacknowledged changes
 *        bit3 control   u16 first seq, u8 n ≤ 32, n × (u16 len ≤ 1100, bytes)   reliable stream
 *        bit4 ctl ack   u16 next control seq expected
 *        bit5 report    (after a ping, or while my simulation is behind) u16 echoed ping time,
 *                       u16 ms held before echoing (0xffff: no echo), u8 % of the host's frames I
 *                       saw lost (the host adds redundancy above a few %), u8 slack/4 ms (how
 *                       early updates reach me before I need them, 3rd percentile; the host sizes
 *                       the input delay from it; 255 = unknown), u8 behind/10 ms (how long my
 *                       next key has been ready but not begun: "my simulation is slow")
 *   0x21 HFRAME  h→c  u8 sections (bits 6-7 the copy number, as above), then:
 *        bit0 updates   k15 first key (flag: u8 n ≤ 64 follows; else n = 1), n × UPDATE:
 *                         u8 bits 0-5 input count ≤ 50, each entry a u8 slot + input entry
 *                         (57-63: a slot bitmask of 1-7 = bits − 56 bytes follows instead, slot 0
 *                         = bit 0 of byte 0, then the entries without slot bytes, in slot order;
 *                         the encoder picks the shorter form), bit 6 events, bit 7 delay change;
 *                         [u8 n ≤ 50, n × (u8 kind 1 bot | 2 human, u8 slot, u8 difficulty)];
 *                         [u8 new input delay in 5 ms units, 1-255]
 *        bit1 input ack u16 closedThrough the host holds for you
 *        bit2 status    u8 state, u16 key, u16 heldMs/10, u8 votesNeeded, u16 voteIn/10,
 *                       u16 forceIn/10, u8 pausedBy, u8 n ≤ 64, n × (u8 slot, u8 cause, u8 votes)
 *        bit3 control, bit4 ctl ack   as above
 *        bit5 ping      u16 host time (ms, low 16 bits), u16 your RTT as the host measured it (ms),
 *                       u8 % of your frames the host saw lost, u8 shift/4 ms (0: none; else
 *                       your closures ran that far ahead of the room's phase: move back that
 *                       much, once — a shift is told in one ping only)
 *   0x22 GFRAME  h→group  one datagram to the host's multicast group, read by every peer that
 *        listens (the sealer signs it instead of tagging it): u8 n ≤ 7, n bytes bitmask of
 *        the held slots (slot 0 = bit 0 of byte 0: their copy comes to them alone, with control
 *        messages to read first; they ignore this one), then an HFRAME's sections byte and sections
 * A datagram must end exactly after its last section.
 */
import { HEADER_BYTES, MAX_PAYLOAD_BYTES, PROTOCOL_VERSION, readHeader, writeHeader } from '../../net';
import { MAX_SLOTS } from '../types';
import { MAX_NAME_BYTES } from '../names';
import { Reader, Writer } from './bytes';
import { readClientFrame, readHostFrame } from './decodeFrames';
import { LockstepType, MAX_APP_VERSION_BYTES } from './frames';
import type { AcceptMsg, DecodeResult, JoinMsg, LockstepMsg, RejectMsg } from './frames';

export { PROTOCOL_VERSION };

/**
 * Decodes one datagram. Keys are restored relative to `refKey` (the receiver's own position).
 * Never throws.
 */
export function decodeDatagram(bytes: Uint8Array, refKey = 0): DecodeResult {
  const h = readHeader(bytes);
  if (!h.ok) return h.version === undefined ? { ok: false, reason: h.reason } : { ok: false, reason: h.reason, version: h.version };
  if (h.type < 0x10) return { ok: false, reason: 'probe' };
  const r = new Reader(bytes, HEADER_BYTES);
  let msg: LockstepMsg;
  switch (h.type) {
    case LockstepType.Join: {
      const nonce = r.u32();
      const flags = r.u8();
      if (flags > 3 && flags !== 4) r.fail();
      const spectate = (flags & 1) === 1;
      if (flags === 4) {
        msg = { type: 'join', nonce, spectate, name: '', appVersion: '', cancel: true };
      } else if (flags & 2) {
        const token = r.u32();
        msg = { type: 'join', nonce, spectate, name: '', token, appVersion: r.str(MAX_APP_VERSION_BYTES) };
      } else {
        msg = { type: 'join', nonce, spectate, name: r.str(MAX_NAME_BYTES), appVersion: r.str(MAX_APP_VERSION_BYTES) };
      }
      break;
    }
    case LockstepType.Accept: {
      const nonce = r.u32();
      const slot = r.u8();
      const token = r.u32();
      const flags = r.u8();
      if (flags > 1 || (slot >= MAX_SLOTS && slot !== 255)) r.fail();
      msg = { type: 'accept', nonce, slot, token, owner: flags === 1 };
      break;
    }
    case LockstepType.Reject:
      msg = { type: 'reject', nonce: r.u32(), reason: r.u8(), appVersion: r.str(MAX_APP_VERSION_BYTES) };
      break;
    case LockstepType.ClientFrame:
      msg = readClientFrame(r, refKey);
      break;
    case LockstepType.HostFrame:
    case LockstepType.GroupFrame:
      msg = readHostFrame(r, refKey, h.type === LockstepType.GroupFrame);
      break;
    default:
      return { ok: false, reason: 'type' };
  }
  return r.done() ? { ok: true, msg } : { ok: false, reason: 'malformed' };
}

function start(type: number): Writer {
  const w = new Writer(MAX_PAYLOAD_BYTES);
  const h = new Uint8Array(HEADER_BYTES);
  writeHeader(h, type);
  return w.bytes(h);
}

export function encodeJoin(m: Omit<JoinMsg, 'type'>): Uint8Array {
  const w = start(LockstepType.Join).u32(m.nonce);
  if (m.cancel) return w.u8(4).finish();
  if (m.token !== undefined) w.u8((m.spectate ? 1 : 0) | 2).u32(m.token);
  else w.u8(m.spectate ? 1 : 0).str(m.name, MAX_NAME_BYTES);
  return w.str(m.appVersion, MAX_APP_VERSION_BYTES).finish();
}

export function encodeAccept(m: Omit<AcceptMsg, 'type'>): Uint8Array {
  return start(LockstepType.Accept).u32(m.nonce).u8(m.slot).u32(m.token).u8(m.owner ? 1 : 0).finish();
}

export function encodeReject(m: Omit<RejectMsg, 'type'>): Uint8Array {
  return start(LockstepType.Reject).u32(m.nonce).u8(m.reason).str(m.appVersion, MAX_APP_VERSION_BYTES).finish();
}
