/**
 * Why a replay cannot be read or played. `code` is for programs (the Replays screen, tests),
 * `message` is a sentence for people; both are specific: which chunk, which field, which version.
 */

export const ReplayErrorCode = {
  NotReplay: 'not-replay',
  FormatVersion: 'format-version',
  Incompatible: 'incompatible',
  Truncated: 'truncated',
  Checksum: 'checksum',
  InvalidField: 'invalid-field',
  /** The map, bot trees or simulation differ from the recording (hash mismatch). */
  Mismatch: 'mismatch',
} as const;
export type ReplayErrorCode = (typeof ReplayErrorCode)[keyof typeof ReplayErrorCode];

export class ReplayError extends Error {
  override readonly name = 'ReplayError';

  constructor(
    readonly code: ReplayErrorCode,
    message: string,
    /** The offending field, for 'invalid-field'. */
    readonly field?: string,
    /** For 'format-version': the file's format and the one this build reads. */
    readonly versions?: { readonly file: number; readonly reads: number },
  ) {
    super(message);
  }
}
