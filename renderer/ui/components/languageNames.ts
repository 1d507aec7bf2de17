/** Each language by its own name, as a language picker shows it (the same in every language). */
import type { Language } from '../../../electron/contract';

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', 'zh-CN': '简体中文' };
