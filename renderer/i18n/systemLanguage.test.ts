import { describe, expect, it } from 'vitest';
import { systemLanguage } from './systemLanguage';

describe('the first run language', () => {
  it('follows a Chinese or English system locale', () => {
    expect(systemLanguage(['zh-CN', 'zh', 'en'])).toBe('zh-CN');
    expect(systemLanguage(['zh-Hans-CN'])).toBe('zh-CN');
    expect(systemLanguage(['zh_TW'])).toBe('zh-CN');
    expect(systemLanguage(['en-GB', 'zh-CN'])).toBe('en');
  });

  it('takes the first preferred language it has words for', () => {
    expect(systemLanguage(['de-DE', 'fr', 'zh-CN'])).toBe('zh-CN');
  });

  it('falls back to English', () => {
    expect(systemLanguage(['de-DE', 'ja'])).toBe('en');
    expect(systemLanguage([])).toBe('en');
  });
});
