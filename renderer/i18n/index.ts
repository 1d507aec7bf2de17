/**
 * Message catalogs and the current language. Switching language re-renders the current screen
 * (no restart): screens read strings through `t` every time they render.
 */
import type { Language } from '../../electron/contract';
import { en, type MessageKey } from './en';
import { zhCN } from './zh-CN';

const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };
let current: Language = 'en';

export type { MessageKey };

export function setLanguage(lang: Language): void {
  current = lang;
  document.documentElement.lang = lang;
}

export function language(): Language {
  return current;
}

/** The string for `key` in the current language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return CATALOGS[current][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
