/**
 * The language a first run starts in: the first of the system's preferred languages (the
 * browser's or Electron's `navigator.languages`, which follow the system locale) that the game has
 * catalogs for; English when none is. Any Chinese locale gets 简体中文, the only Chinese catalog.
 */
import type { Language } from '../../electron/contract';

export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}
