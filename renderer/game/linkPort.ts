/**
 * The page's lockstep port: core's RemotePort on the session link (updates pushed from main's
 * ClientPeer, the match loop's intent, key hashes and progress posted back) plus the latest
 * status, which the wait dialog and the F3 panel read and which carries the pace.
 */
import type { LinkUp, NetStart, NetStatus } from '../../electron/contract';
import { RemotePort } from './simApi';

export class LinkPort extends RemotePort {
  /** The last NetStatus from main (null until the first one). */
  status: NetStatus | null = null;

  constructor(start: NetStart, send: (msg: LinkUp) => void, fromKey = 0) {
    super(start, send, fromKey);
  }

  setStatus(s: NetStatus): void {
    this.status = s;
    this.setPace(s.pace);
  }
}
