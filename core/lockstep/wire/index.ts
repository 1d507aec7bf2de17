/**
 * core/lockstep/wire: the byte layouts of every lockstep datagram and control message — the
 * handshake and the two frame kinds (codec.ts documents the layout next to PROTOCOL_VERSION;
 * decodeFrames.ts, encodeFrames.ts), the reliable control stream's messages (control.ts), the
 * snapshot chunks of a rejoin (snapshotWire.ts), the host's bot trees (treesWire.ts), host succession (successionWire.ts), and their small shared pieces (wire.ts, bytes.ts).
 * Bytes in, values out; every decoder is total (never throws).
 */
export { PROTOCOL_VERSION, decodeDatagram, encodeAccept, encodeJoin, encodeReject } from './codec';
export { hostBound, LockstepType, MASK_FORM, MAX_APP_VERSION_BYTES, MAX_CTL_BYTES, MAX_CTL_PER_FRAME, MAX_LIST, MAX_MASK_BYTES } from './frames';
export type { AcceptMsg, ClientFrame, ControlSection, DecodeFailure, DecodeResult, Encoded, HostFrame, JoinMsg, LockstepMsg, RejectMsg, UplinkInput } from './frames';
export { encodeClientFrame, encodeHostFrame } from './encodeFrames';
export { CLIENT_MESSAGES, decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl, goodbyeIn, HOST_MESSAGES, isHostEvent, MAX_SUBHASHES, TREES_KIND } from './control';
export type { ClientControl, ControlMsg, DropWhy, HostControl, HostEvent, HostEventName, SlotSpec } from './control';
export { chunkCount, decodeSnapAck, decodeSnapChunk, encodeSnapAck, encodeSnapChunk, MAX_SNAP_CHUNKS, MAX_SNAPSHOT_BYTES, SNAP_CHUNK_BYTES, snapChecksum } from './snapshotWire';
export type { SnapAck, SnapChunk } from './snapshotWire';
export { decodeTreeBlob, encodeTreeBlob, MAX_REPORTED_TREES, MAX_TREE_BLOB_BYTES, MAX_TREE_CHUNKS, TREE_CHUNK_BYTES, treeChunks } from './treesWire';
export type { TreeChunk } from './treesWire';
export { decodeSucceed, encodeClaim, encodeFence, encodeFollow, encodeLost, encodeReplaced, findMember, findRejoiner, KEYS_PER_MESSAGE, LOST_UPDATES, MAX_SUCCESSORS, MAX_VOTERS, PUBLIC_KEY_BYTES, successionTag, voterTag, TO_HOST } from './successionWire';
export type { PeerKey, SucceedMsg, Succession, SuccessionEntry } from './successionWire';
export { normalizeInput, unwrap15, unwrap16 } from './wire';
export { Reader, sanitizeText, toBase64, utf8Decode, utf8Encode, utf8Truncate, Writer } from './bytes';
