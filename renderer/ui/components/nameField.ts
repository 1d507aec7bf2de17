/**
 * A name input that applies core's one name rule (core/lockstep/names.ts) as the user types: a
 * counter of characters against the limit (told in characters: nameLimit.ts; the rule counts
 * UTF-8 bytes), and — when the rule refuses the name — the reason from the catalogs, the input
 * marked invalid, and `value()` null so nothing refused is saved or sent. An empty field is only
 * called wrong once something was typed in it: a first-run field does not open in red. Nothing is
 * ever cut: a name over the limit stays as typed, and is refused.
 */
import { checkName, MAX_NAME_BYTES, type NameCheck } from '../../../core/lockstep';
import { t } from '../../i18n';
import { h } from '../dom';
import { nameLimit } from './nameLimit';

export interface NameField {
  /** The input, its counter and its message, to place in a form. */
  readonly el: HTMLElement;
  readonly input: HTMLInputElement;
  /** The checked, trimmed name, or null while the rule refuses what is typed. */
  value(): string | null;
}

/** The catalog's reason for a refused name (empty string for an accepted one). */
function nameProblem(check: NameCheck, maxBytes: number): string {
  if (check.ok) return '';
  if (check.problem === 'empty') return t('name.empty');
  if (check.problem === 'control') return t('name.control');
  return t('name.tooLong', { max: maxBytes, cjk: Math.floor(maxBytes / 3) });
}

/**
 * A name field for `initial`. `testId` names the input; its counter and message are
 * `${testId}-counter` and `${testId}-error`. `onCheck` hears every change (e.g. to disable Save).
 */
export function nameField(initial: string, testId: string, onCheck: (ok: boolean) => void = () => undefined, maxBytes = MAX_NAME_BYTES): NameField {
  const input = h('input', { testId, attrs: { type: 'text', autocomplete: 'nickname', spellcheck: 'false' } });
  input.value = initial;
  const counter = h('span', { className: 'name-counter', testId: `${testId}-counter`, attrs: { 'aria-live': 'polite' } });
  const error = h('span', { className: 'name-error error', testId: `${testId}-error`, attrs: { role: 'alert' } });
  let check = checkName(initial, maxBytes);
  // Whether the player has typed here: before that an empty field is waiting, not wrong.
  let touched = initial !== '';
  const refresh = (): void => {
    check = checkName(input.value, maxBytes);
    const { chars, limit } = nameLimit(input.value, maxBytes);
    counter.textContent = t('name.counter', { chars, limit });
    counter.title = t('name.limits', { max: maxBytes, cjk: Math.floor(maxBytes / 3) });
    counter.classList.toggle('over', !check.ok && check.problem === 'tooLong');
    const shown = touched || (!check.ok && check.problem !== 'empty');
    error.textContent = shown ? nameProblem(check, maxBytes) : '';
    input.setAttribute('aria-invalid', String(shown && !check.ok));
    onCheck(check.ok);
  };
  input.addEventListener('input', () => {
    touched = true;
    refresh();
  });
  refresh();
  const el = h('span', { className: 'name-field' }, input, h('span', { className: 'name-help' }, counter, error));
  return { el, input, value: () => (check.ok ? check.name : null) };
}
