/**
 * The catalogs are complete in both languages: every English key has a zh-CN entry that is really
 * translated (not the English text left in place) and takes the same parameters; the only
 * entries allowed to read the same are names and symbols, listed here with why.
 */
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { zhCN } from './zh-CN';

/** Entries that are the same in both languages on purpose: names, symbols, key caps. */
const SAME_IN_BOTH: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'score.rank', // "#"
  'join.action', // an empty column heading
  'discovery.mdns', // the protocol's name
  'host.smooth.wifi', // "Wi-Fi" is what Chinese players call it too
  'key.escape', // key caps: what is printed on the key
  'key.tab',
  'key.shift',
  'key.control',
  'key.alt',
  'key.arrowUp',
  'key.arrowDown',
  'key.arrowLeft',
  'key.arrowRight',
]);

const params = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('message catalogs', () => {
  const keys = Object.keys(en) as MessageKey[];

  it('zh-CN has every English key and no other', () => {
    expect(Object.keys(zhCN).sort()).toEqual([...keys].sort());
  });

  it('every zh-CN entry is translated, except the listed names and symbols', () => {
    const untranslated = keys.filter((k) => !SAME_IN_BOTH.has(k) && zhCN[k].trim() === en[k].trim());
    expect(untranslated).toEqual([]);
    // The list itself stays true: an entry that got translated leaves it.
    expect([...SAME_IN_BOTH].filter((k) => zhCN[k] !== en[k])).toEqual([]);
  });

  it('an entry takes the same parameters in both languages', () => {
    expect(keys.filter((k) => params(en[k]).join() !== params(zhCN[k]).join())).toEqual([]);
  });

  // That every reason code main can send has its words is checked when the page compiles (i18n/index.ts).
  it('has words for the shipped maps', () => {
    for (const id of ['arena-small', 'labyrinth-large']) expect(keys).toEqual(expect.arrayContaining([`map.${id}.name`, `map.${id}.description`]));
  });
});
