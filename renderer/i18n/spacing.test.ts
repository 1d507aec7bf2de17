import { describe, expect, it } from 'vitest';
import { fill, spacedValue } from './spacing';

describe('spacing between Chinese and Latin text', () => {
  it('joins Chinese values to Chinese text without spaces', () => {
    expect(fill('你在{map}上获得第{rank}名', { map: '竞技场', rank: 3 })).toBe('你在竞技场上获得第 3 名');
  });

  it('puts one space between Chinese text and a Latin name or a number', () => {
    expect(fill('{eater}吃掉了{victim}', { eater: 'Bo', victim: '小明' })).toBe('Bo 吃掉了小明');
    expect(fill('{eater}吃掉了{victim}', { eater: '小明', victim: 'Bo' })).toBe('小明吃掉了 Bo');
    expect(fill('{s}秒', { s: 5 })).toBe('5 秒');
  });

  it('adds nothing beside Chinese punctuation, spaces or English text', () => {
    expect(fill('名字：{name}（{n}）', { name: 'Ana', n: 2 })).toBe('名字：Ana（2）');
    expect(fill('{name} ate {victim}', { name: '小明', victim: 'Bo' })).toBe('小明 ate Bo');
    expect(fill("{name}'s room", { name: '小明' })).toBe("小明's room");
  });

  it('leaves unknown placeholders as they are', () => {
    expect(fill('第{rank}名', {})).toBe('第{rank}名');
  });

  it('spaces a value by its own first and last characters', () => {
    expect(spacedValue('在', 'Bo和小明', '上')).toBe(' Bo和小明');
    expect(spacedValue('在', '小明和Bo', '上')).toBe('小明和Bo ');
    expect(spacedValue(undefined, 'Bo', undefined)).toBe('Bo');
  });
});
