import { describe, expect, it } from 'vitest';
import { foreignWords, latinWords } from './latinWords';

describe('Latin words in Chinese text', () => {
  it('finds words, not numbers', () => {
    expect(latinWords('按 P 继续，在 30 秒内 v0.1.0 mDNS：已关闭')).toEqual(['P', 'v0.1.0', 'mDNS']);
  });

  it('allows key caps, numbers, units and the names given', () => {
    expect(foreignWords('按 P 继续（Esc 取消，F3 面板）', [])).toEqual([]);
    expect(foreignWords('延迟 12 ms · 协议 v11 · 192.168.1.20:47777', [])).toEqual([]);
    expect(foreignWords('Bo 吃掉了小明', ['Bo'])).toEqual([]);
    expect(foreignWords('由环境变量 BB_DISCOVERY 强制', ['BB_DISCOVERY'])).toEqual([]);
  });

  it('flags the leftovers a Chinese player met', () => {
    expect(foreignWords('录像 Arena', [])).toEqual(['Arena']);
    expect(foreignWords('局域网发现（off、all 或网卡名）', [])).toEqual(['off', 'all']);
    expect(foreignWords('由命令行开关 --discovery 强制', [])).toEqual(['discovery']);
    expect(foreignWords('Wi-Fi', [])).toEqual(['Wi-Fi']);
    expect(foreignWords('colour 3', [])).toEqual(['colour']);
  });
});
