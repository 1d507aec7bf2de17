/**
 * When the game makes a sound: a pure reading of what the player just saw happen — one logic
 * frame's simulation events (seed 003's model→view events) and the overlays' state — into cues.
 * Only what concerns me sounds: my cells eating, being eaten, splitting, ejecting, bursting on a
 * virus, respawning (one cue of a kind a frame: 16 cells eating is one patter); for everyone the
 * match start, each of the last 10 seconds, the end, the wait dialog opening and a chat line from
 * someone else. No Web Audio here (SoundBoard plays the cues), so it is tested in Node.
 */
import { EventKind, FRAME_RATE, ownerOf, type World } from '../game/simApi';

export const CUES = ['eat', 'eaten', 'split', 'eject', 'burst', 'respawn', 'start', 'countdown', 'end', 'wait', 'chat'] as const;
export type Cue = (typeof CUES)[number];

/** Seconds before the end that tick. */
export const COUNTDOWN_SECONDS = 10;

export class CueTracker {
  private started = false;
  private ended = false;
  private waitOpen = false;
  private chatSeen = -1;

  /**
   * One logic frame's cues (call after every step). `mySlot`: my player, or null for a spectator.
   * `out` is filled and returned (no allocation per frame).
   */
  step(w: World, mySlot: number | null, out: Cue[] = []): Cue[] {
    out.length = 0;
    if (!this.started) {
      this.started = true;
      if (w.frame <= 1) out.push('start'); // not for a match joined running (a rejoin, a heal)
    }
    const ev = w.events;
    for (let i = 0; i < ev.count; i++) {
      const kind = ev.kind(i);
      if (kind === EventKind.MatchOver && !this.ended) {
        this.ended = true;
        out.push('end');
      }
      if (mySlot === null) continue;
      const mine = (k: number): boolean => ownerOf(ev.arg(i, k)) === mySlot;
      let cue: Cue | null = null;
      if ((kind === EventKind.PelletEaten || kind === EventKind.BlobEaten) && ev.arg(i, 1) >= 0 && mine(1)) cue = 'eat';
      else if (kind === EventKind.CellEaten) cue = mine(0) ? 'eat' : mine(1) ? 'eaten' : null;
      else if (kind === EventKind.Split && mine(0)) cue = 'split';
      else if (kind === EventKind.Ejected && mine(0)) cue = 'eject';
      else if (kind === EventKind.VirusPopped && mine(0)) cue = 'burst';
      else if (kind === EventKind.Respawned && ev.arg(i, 0) === mySlot) cue = 'respawn';
      if (cue !== null && !out.includes(cue)) out.push(cue);
    }
    const left = w.settings.lengthFrames - w.frame;
    if (left > 0 && left <= COUNTDOWN_SECONDS * FRAME_RATE && left % FRAME_RATE === 0) out.push('countdown');
    return out;
  }

  /**
   * The overlays' cues (call per display frame): the wait dialog opening, a new chat line from
   * someone else. `chat`: the chat log's ball ids, oldest first.
   */
  overlays(waitOpen: boolean, chat: readonly { slot: number }[], mySlot: number | null, out: Cue[] = []): Cue[] {
    out.length = 0;
    if (waitOpen && !this.waitOpen) out.push('wait');
    this.waitOpen = waitOpen;
    if (this.chatSeen < 0) this.chatSeen = chat.length; // lines from before the match started stay silent
    for (let i = this.chatSeen; i < chat.length; i++) {
      if (chat[i]!.slot !== mySlot) {
        out.push('chat');
        break;
      }
    }
    this.chatSeen = chat.length;
    return out;
  }
}
