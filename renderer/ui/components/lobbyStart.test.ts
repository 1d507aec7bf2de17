import { describe, expect, it } from 'vitest';
import { startBlock, type StartSlot } from './lobbyStart';

const human = (name: string, ready: boolean, me = false): StartSlot => ({ kind: 'human', name, ready, me });
const bot: StartSlot = { kind: 'bot', name: 'Bot 2', ready: true, me: false };
const open: StartSlot = { kind: 'open', name: '', ready: false, me: false };

describe('the host\'s Start', () => {
  it('opens for a host who never pressed Ready (it used to stay grey until they did)', () => {
    expect(startBlock([human('Ana', false, true), bot, open])).toBeNull();
    expect(startBlock([human('Ana', false, true), human('Bo', true)])).toBeNull();
  });

  it('waits for the other players who are not ready, and names them', () => {
    expect(startBlock([human('Ana', false, true), human('Bo', false), bot, human('Cy', true), human('Di', false)])).toEqual({ t: 'waiting', names: ['Bo', 'Di'] });
  });

  it('needs a player in the room', () => {
    expect(startBlock([bot, open])).toEqual({ t: 'nobody' });
  });
});
