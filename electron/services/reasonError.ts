/**
 * An error the player is told about: it carries a reason code and parameters (the page words them,
 * contract `Reason`) beside the log message. The dispatcher sends any other thrown error as the
 * code 'unexpected' with its message as data.
 */
import type { Reason, ReasonCode } from '../contract';

export class ReasonError extends Error {
  readonly reason: Reason;

  constructor(code: ReasonCode, logMessage: string, params?: Reason['params']) {
    super(logMessage);
    this.reason = params ? { code, params } : { code };
  }
}

/** The player's reason for any error thrown by a service. */
export function reasonOf(e: unknown): Reason {
  if (e instanceof ReasonError) return e.reason;
  return { code: 'unexpected', params: { detail: String((e as Error)?.message ?? e).slice(0, 200) } };
}
