import { describe, expect, it } from 'vitest';
import { MapError, validateMapManifest } from './index';

const entry = (over: Record<string, unknown> = {}) => ({ id: 'arena-small', file: 'arena-small.tmj', name: 'Arena', description: 'Small.', ...over });

function fieldOf(json: unknown): string {
  try {
    validateMapManifest(json, 'index.json');
  } catch (e) {
    expect(e).toBeInstanceOf(MapError);
    expect((e as MapError).file).toBe('index.json');
    return (e as MapError).field;
  }
  return 'valid';
}

describe('validateMapManifest', () => {
  it('returns the entries in file order', () => {
    const list = [entry(), entry({ id: 'maze', file: 'sub/maze.tmj', name: 'Maze', description: '' })];
    expect(validateMapManifest(list, 'index.json')).toEqual(list);
  });

  it('names the bad entry and field', () => {
    expect(fieldOf({ maps: [] })).toBe('(root)');
    expect(fieldOf([])).toBe('(root)');
    expect(fieldOf([entry(), 'x'])).toBe('[1]');
    expect(fieldOf([entry({ id: 'Arena Small' })])).toBe('[0].id');
    expect(fieldOf([entry({ id: '-x' })])).toBe('[0].id');
    expect(fieldOf([entry(), entry({ file: 'b.tmj' })])).toBe('[1].id');
    expect(fieldOf([entry(), entry({ id: 'b' })])).toBe('[1].file');
    expect(fieldOf([entry({ file: '../secret.tmj' })])).toBe('[0].file');
    expect(fieldOf([entry({ file: '/abs/a.tmj' })])).toBe('[0].file');
    expect(fieldOf([entry({ file: 'a/./b.tmj' })])).toBe('[0].file');
    expect(fieldOf([entry({ file: 'arena.tmx' })])).toBe('[0].file');
    expect(fieldOf([entry({ name: '  ' })])).toBe('[0].name');
    expect(fieldOf([entry({ name: 'n'.repeat(65) })])).toBe('[0].name');
    expect(fieldOf([entry({ description: 5 })])).toBe('[0].description');
    expect(fieldOf([entry({ description: undefined })])).toBe('[0].description');
  });
});
