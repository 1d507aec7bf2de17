/**
 * Discovery status as the Join screen shows it: one line per mechanism (mDNS, broadcast), each
 * ok / starting / unavailable with the reason, combined from the per-interface parts.
 *
 * Invariant: a mechanism is 'ok' as soon as one interface works; the failing interfaces are then
 * listed as problems, so a partial failure is visible but not alarming.
 */

/** One interface's share of one mechanism. */
export type PartState =
  | { readonly state: 'starting' }
  | { readonly state: 'ok' }
  | { readonly state: 'unavailable'; readonly reason: string };

export type MechanismStatus =
  /** Discovery is switched off (setting, flag or environment). */
  | { readonly state: 'off' }
  /** Switched on, but neither browsing nor hosting right now. */
  | { readonly state: 'idle' }
  | { readonly state: 'starting' }
  | { readonly state: 'ok'; readonly interfaces: readonly string[]; readonly problems: readonly string[] }
  | { readonly state: 'unavailable'; readonly reason: string };

export interface MdnsHearing {
  readonly interface: string;
  readonly own: boolean;
  readonly others: boolean;
}

export interface DiscoveryStatus {
  /** 'off', 'all' or 'interface <name>'. */
  readonly mode: string;
  /** Selected interfaces as "name address". */
  readonly interfaces: readonly string[];
  readonly mdns: MechanismStatus;
  readonly broadcast: MechanismStatus;
  /** Usable interfaces the mode did not select (one interface named: the machine is on others too). */
  readonly skipped: readonly string[];
  /** Per mDNS interface: whether its own packets came back and any other device's arrived (MdnsEndpoint.hearing). */
  readonly hearing: readonly MdnsHearing[];
  /** Join by address needs no discovery socket: it always works. */
  readonly manual: { readonly state: 'ok' };
  /** Anything else worth a line: ignored switch values, ping socket trouble. */
  readonly notes: readonly string[];
}

export interface LabelledPart {
  readonly label: string;
  readonly part: PartState;
}

/** Folds per-interface parts into one mechanism status; `emptyReason` when there are none. */
export function combineParts(parts: readonly LabelledPart[], emptyReason: string): MechanismStatus {
  if (parts.length === 0) return { state: 'unavailable', reason: emptyReason };
  const ok = parts.filter((p) => p.part.state === 'ok').map((p) => p.label);
  const problems = parts.flatMap((p) => (p.part.state === 'unavailable' ? [`${p.label}: ${p.part.reason}`] : []));
  if (ok.length > 0) return { state: 'ok', interfaces: [...new Set(ok)], problems: [...new Set(problems)] };
  if (parts.some((p) => p.part.state === 'starting')) return { state: 'starting' };
  return { state: 'unavailable', reason: [...new Set(problems)].join('; ') };
}
