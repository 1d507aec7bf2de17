/**
 * Message catalogs and the current language. Switching language re-renders the current screen
 * (no restart): screens read strings through `t` every time they render.
 */
import type { Language, Reason, ReasonCode } from '../../electron/contract';
import { en, type MessageKey } from './en';
import { fill } from './spacing';
import { zhCN } from './zh-CN';

const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };
let current: Language = 'en';

export type { MessageKey };

export function setLanguage(lang: Language): void {
  current = lang;
  document.documentElement.lang = lang;
  document.title = t('app.title'); // the window's and the tab's title: 球球大乱斗 in 中文
}

export function language(): Language {
  return current;
}

/** The string for `key` in the current language, with `{name}` placeholders filled in (and spaced: spacing.ts). */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return fill(CATALOGS[current][key], params);
}

/** Whether the catalogs have `key` (for keys built from data: map ids, key codes). */
export function hasMessage(key: string): key is MessageKey {
  return key in en;
}

// Every reason code main can send has its words (a code added to the contract without them fails to compile).
const REASONS_WORDED: `reason.${ReasonCode}` extends MessageKey ? true : never = true;
void REASONS_WORDED;

/** The words for a reason main gave (contract `Reason`), with its parameters filled in. */
export function reasonText(r: Reason, params: Record<string, string | number> = {}): string {
  return t(`reason.${r.code}`, { ...r.params, ...params });
}

/** The words for a failure: a request's reason from main, or (a page-side failure) the error's own text as data. */
export function errorText(e: unknown): string {
  const reason = (e as { reason?: Reason } | null)?.reason;
  return reason ? reasonText(reason) : t('error.unexpected', { detail: String((e as Error)?.message ?? e) });
}
