/**
 * The catalogs are complete in both languages: every English key has a zh-CN entry that is really
 * translated (not the English text left in place) and takes the same parameters; the only
 * entries allowed to read the same are names and symbols, listed here with why. A zh-CN entry has
 * no Latin word but names, key caps, numbers and units (test/latinWords.ts), and no space between
 * a placeholder and a Chinese character (i18n/spacing.ts puts one where a Latin value needs it).
 */
import { describe, expect, it } from 'vitest';
import { shippedManifest } from '../../test/fixtures/maps/shipped';
import { foreignWords } from '../../test/latinWords';
import { en, type MessageKey } from './en';
import { zhCN } from './zh-CN';

/** Entries that are the same in both languages on purpose: names, symbols, key caps. */
const SAME_IN_BOTH: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'score.rank', // "#"
  'join.action', // an empty column heading
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
    // A blank entry (a separator: English puts a space between sentences, Chinese none) is punctuation.
    const untranslated = keys.filter((k) => !SAME_IN_BOTH.has(k) && en[k].trim() !== '' && zhCN[k].trim() === en[k].trim());
    expect(untranslated).toEqual([]);
    // The list itself stays true: an entry that got translated leaves it.
    expect([...SAME_IN_BOTH].filter((k) => zhCN[k] !== en[k])).toEqual([]);
  });

  it('an entry takes the same parameters in both languages', () => {
    expect(keys.filter((k) => params(en[k]).join() !== params(zhCN[k]).join())).toEqual([]);
  });

  it('zh-CN has no Latin word but names, key caps, numbers and units', () => {
    // Names a Chinese player may meet in a sentence, written as they must be typed.
    const NAMES = [
      'BB_DISCOVERY', // discovery.by.env: the environment variable that forced discovery off
      'VPN', 'Docker', 'Hyper-V', 'WSL', 'ZeroTier', // lobby.reach.virtual: adapters as the OS names them
    ];
    // A placeholder's value is data (a name, a number): it stands as a number here ("v{version}" → "v0").
    const found = keys.map((k) => ({ k, words: foreignWords(zhCN[k].replace(/\{\w+\}/g, '0'), NAMES) })).filter((e) => e.words.length > 0);
    expect(found).toEqual([]);
  });

  it('zh-CN puts no space between a placeholder and a Chinese character', () => {
    const HAN = '[\u3400-\u4dbf\u4e00-\u9fff]';
    const spaced = new RegExp(`(\\}\\s+${HAN})|(${HAN}\\s+\\{)`);
    expect(keys.filter((k) => spaced.test(zhCN[k]))).toEqual([]);
  });

  // That every reason code main can send has its words is checked when the page compiles (i18n/index.ts).
  it('has words for every shipped map (resources/maps/index.json), in both languages', () => {
    const ids = shippedManifest().map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['arena-small', 'labyrinth-large', 'four-camps', 'round-island']));
    for (const id of ids) expect(keys).toEqual(expect.arrayContaining([`map.${id}.name`, `map.${id}.description`]));
  });
});
