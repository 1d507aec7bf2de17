/**
 * The shape every request validator has: the untrusted payload in, a fresh copy holding only the
 * contract's fields out, or a one-line message naming the first bad field. Validators never throw.
 * Owned here, by the dispatcher's room, so the validators and the dispatcher import it and not
 * each other.
 */
import type { RequestChannel, RequestOf } from '../../contract';

export type Validator<C extends RequestChannel> = (payload: unknown) => RequestOf<C> | string;

export const noPayload = (p: unknown): null | string => (p === null || p === undefined ? null : 'expected no payload');
