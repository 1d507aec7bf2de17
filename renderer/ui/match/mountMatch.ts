/**
 * Puts a running match on screen, whoever runs it (offline or lockstep): the MatchController with
 * its view and HUD, keyboard and mouse, and the test hook. The caller decides what happens at
 * the end and on leave; the returned function tears everything down (safe after the end).
 */
import type { Settings } from '../../../electron/contract';
import type { MatchResults, OfflineSetup } from '../../game/results';
import type { Match } from '../../game/match';
import type { AppContext } from '../App';
import { drawsAtStart } from '../testHook';
import { MatchController } from './MatchController';
import { bindMatchInput, type CursorState } from './matchInput';
import { matchHook, type StartMarks } from './matchHook';

export interface MountOptions {
  readonly session: Match;
  readonly tileset: HTMLImageElement;
  readonly settings: Settings;
  readonly marks: StartMarks;
  readonly setup?: OfflineSetup;
  onEnd(results: MatchResults): void;
  onLeave(): void;
}

export function mountMatch(root: HTMLElement, ctx: AppContext, o: MountOptions): { ctrl: MatchController; stop: () => void } {
  root.classList.add('in-match');
  const cursor: CursorState = { world: null };
  const ctrl = new MatchController({ root, session: o.session, tileset: o.tileset, settings: o.settings, ...(o.setup ? { setup: o.setup } : {}), onEnd: o.onEnd, onLeave: o.onLeave });
  ctrl.renderEnabled = drawsAtStart();
  o.marks.view = performance.now();
  const unbind = bindMatchInput(ctrl, cursor);
  ctx.hook.match = matchHook(ctrl, cursor, o.marks);
  // Kept after the match: the end's cue is read on the results screen.
  ctx.hook.sound = () => ({ played: { ...ctrl.sound.played }, muted: ctrl.sound.muted, state: ctrl.sound.state });
  ctrl.start();
  return {
    ctrl,
    stop: () => {
      delete ctx.hook.match;
      root.classList.remove('in-match');
      unbind();
      ctrl.dispose();
    },
  };
}
