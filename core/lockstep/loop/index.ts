/**
 * core/lockstep/loop: running a match from confirmed updates. MatchLoop is the one match loop
 * (game + LockstepRunner + DesyncReporter + resume + hooks) every peer runs — the page, the main
 * side's headless players and the test rooms — behind a LoopPeer: a ClientPeer, or a RemotePort in
 * front of one across the bridge. SimGame is the real simulation as a LockstepGame; LocalBot and
 * InputScript play a headless peer's own slot.
 */
export { MatchLoop } from './MatchLoop';
export type { MatchLoopOptions, ResumePoint, StepHooks } from './MatchLoop';
export type { PeerMatch, LoopPeer } from './LoopPeer';
export { LockstepRunner, RESUME_FAST_FORWARD } from './LockstepRunner';
export type { KeySnapshot, LockstepPort, RunnerOptions, RunnerStats } from './LockstepRunner';
export { CATCH_UP_SPEED, FramePacer, MAX_FRAMES_PER_TICK } from './FramePacer';
export type { BotDriver, LockstepGame } from './LockstepGame';
export { SimGame, matchSpecOf } from './SimGame';
export { LocalBot } from './LocalBot';
export { InputScript } from './InputScript';
export { DESYNC_REPORT_FORMAT, DesyncReporter, REFSUB_WAIT_MS } from './DesyncReporter';
export type { DesyncReport } from './DesyncReporter';
export { MAX_LATE_MS, RemotePort } from './RemotePort';
export type { LoopMsg } from './RemotePort';
