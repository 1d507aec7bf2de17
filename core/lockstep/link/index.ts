/**
 * core/lockstep/link: the state both ends keep about the link between a host and one peer — the
 * reliable, ordered control stream (ReliableChannel), the round-trip estimate (RttEstimator), loss
 * measured from sequence jumps and the redundant copies it asks for (LossMeter), and the chunked,
 * acknowledged transfer of a snapshot to a joiner (SnapshotTransfer), and of the host's bot trees
 * to a peer whose trees differ (TreeTransfer). Time in, no sockets.
 */
export { MAX_CTL_QUEUE, ReliableChannel } from './ReliableChannel';
export { RttEstimator } from './RttEstimator';
export { COPY_SPACING_MS, LossMeter, markCopy, redundantCopies } from './LossMeter';
export { SILENT_RECEIVER_MS, SNAP_BURST, SnapshotReceiver, SnapshotSender } from './SnapshotTransfer';
export type { ChunkResult } from './SnapshotTransfer';
export { TreeReceiver, TreeSender } from './TreeTransfer';
export type { TreeChunkResult } from './TreeTransfer';
