/**
 * The page's lockstep port: core's RemotePort (updates pushed from main's ClientPeer as
 * net:updates, the loop's calls sent back as net:loop) plus the latest net:status, which the wait
 * dialog and the F3 panel read and which carries the pace.
 */
import type { NetLoopMsg, NetStart, NetStatus } from '../../electron/contract';
import { RemotePort } from './simApi';

export class NetPort extends RemotePort {
  /** The last NetStatus from main (null until the first one). */
  status: NetStatus | null = null;

  constructor(start: NetStart, send: (msg: NetLoopMsg) => void, fromKey = 0) {
    super(start, send, fromKey);
  }

  setStatus(s: NetStatus): void {
    this.status = s;
    this.setPace(s.pace);
  }
}
