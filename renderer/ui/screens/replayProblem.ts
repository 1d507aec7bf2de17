/**
 * A replay's problem in the player's words: its code (core's ReplayError codes, main's
 * 'too-large' and 'unreadable') worded by the catalogs, `replay.error.<code>`; an unknown code
 * reads as 'other'. Shared by the Replays list and the viewer.
 */
import type { ReplayProblem } from '../../../electron/contract';
import { hasMessage, t } from '../../i18n';

export function problemText(p: ReplayProblem): string {
  if (p.code === 'format-version' && p.file !== undefined && p.reads !== undefined) return t('replay.error.format-version', { file: p.file, reads: p.reads });
  const key = `replay.error.${p.code}`;
  return t(hasMessage(key) && p.code !== 'format-version' ? key : 'replay.error.other');
}
