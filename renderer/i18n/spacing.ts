/**
 * Spacing between Chinese and Latin text where a value is put into a template. Chinese templates
 * are written with no spaces around their placeholders (`你在{map}上获得第{rank}名`): a name or map
 * in Chinese then reads as one run of text ("你在竞技场上"), and a Latin name or a number gets the
 * one space that Chinese typesetting puts between the scripts ("第 3 名", "Bo 吃掉了小明"). English
 * templates, spaced by hand, are left as they are (no Chinese character meets a placeholder there).
 */

/** A Chinese (Han) character: CJK punctuation such as "：" or "（" needs no space beside it. */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
/** A Latin letter or digit. */
const LATIN = /[A-Za-z0-9\u00c0-\u024f]/u;

function needsSpace(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return (HAN.test(a) && LATIN.test(b)) || (LATIN.test(a) && HAN.test(b));
}

/** The spaces `value` needs before and after it between `before` and `after` (the template's neighbouring characters). */
export function spacesAround(before: string | undefined, value: string, after: string | undefined): { lead: string; trail: string } {
  const chars = Array.from(value);
  return { lead: needsSpace(before, chars[0]) ? ' ' : '', trail: needsSpace(chars[chars.length - 1], after) ? ' ' : '' };
}

/** `value` as it goes between `before` and `after`. */
export function spacedValue(before: string | undefined, value: string, after: string | undefined): string {
  const { lead, trail } = spacesAround(before, value, after);
  return lead + value + trail;
}

/** Fills `{name}` placeholders of `template` with `params`, spacing each value against the template's text. */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string, offset: number) => {
    if (!(name in params)) return m;
    return spacedValue(template[offset - 1], String(params[name]), template[offset + m.length]);
  });
}
