/**
 * What the dispatcher serves requests with, besides the stores it holds directly: the LAN room
 * (session/LanRoom.ts) and the replay store (files/replays.ts). Interfaces here, so the bridge
 * room depends on no implementation and tests can stand in for either.
 */
import type { NetUp, ReplayEntry, ReplayFile, RequestOf, ResponseOf } from '../../contract';

export interface NetService {
  host(req: RequestOf<'net:host'>): Promise<ResponseOf<'net:host'>>;
  join(req: RequestOf<'net:join'>): Promise<null>;
  leave(): Promise<null>;
  act(a: RequestOf<'net:act'>): null;
  /** A validated message from the page on the net channel: its match loop's, or its `attach`. */
  loop(m: NetUp): void;
  /** The last page on the net channel went away (a closed tab or window, a reload): LanRoom waits for one to come back. */
  pageGone(): void;
  desyncReport(r: RequestOf<'net:desyncReport'>): Promise<ResponseOf<'net:desyncReport'>>;
}

export interface ReplayService {
  list(): Promise<readonly ReplayEntry[]>;
  read(id: string): Promise<ReplayFile>;
  save(base64: string): Promise<{ readonly id: string }>;
}
