import { describe, expect, it } from 'vitest';
import { Controls, directionAngle, targetUnits } from './Controls';
import { MoveMode } from './simApi';

const KEYS = { up: 'KeyW', down: 'KeyS', left: 'KeyA', right: 'KeyD', split: 'Space', eject: 'KeyE', chat: 'Enter', pause: 'KeyP', scoreboard: 'Tab', grid: 'KeyG', netPanel: 'F3', mute: 'KeyM', menu: 'Escape' };

describe('Controls', () => {
  it('maps the 8 key directions to input angles (0 east, 1024 south)', () => {
    expect(directionAngle(1, 0)).toBe(0);
    expect(directionAngle(1, 1)).toBe(512);
    expect(directionAngle(0, 1)).toBe(1024);
    expect(directionAngle(-1, 0)).toBe(2048);
    expect(directionAngle(0, -1)).toBe(3072);
    expect(directionAngle(1, -1)).toBe(3584);
  });

  it('sends only changes (traffic cut), stops when keys are released, and splits or ejects once a press', () => {
    const c = new Controls(KEYS);
    expect(c.poll()).toBeNull();
    c.key('KeyD', true);
    c.key('ArrowDown', true);
    expect(c.poll()).toMatchObject({ move: MoveMode.Direction, angle: 512, split: false, eject: false });
    expect(c.poll()).toBeNull();
    c.key('Space', true);
    expect(c.poll()).toMatchObject({ move: MoveMode.Direction, angle: 512, split: true, eject: false });
    expect(c.poll()).toBeNull();
    c.key('KeyE', true);
    c.key('Space', true);
    expect(c.poll()).toMatchObject({ move: MoveMode.Direction, angle: 512, split: true, eject: true });
    c.key('KeyE', false);
    expect(c.poll()).toBeNull(); // a release is no press
    c.key('KeyD', false);
    c.key('ArrowDown', false);
    expect(c.poll()).toMatchObject({ move: MoveMode.Stop });
  });

  it('right-click targets are quantised to 1/16 cell and clamped; a direction key overrides them', () => {
    expect(targetUnits(2.5, 10)).toBe(40);
    expect(targetUnits(-3, 10)).toBe(0);
    expect(targetUnits(99, 10)).toBe(159);
    const c = new Controls(KEYS);
    c.moveTo(3.26, 4.5, 48, 32);
    expect(c.poll()).toMatchObject({ move: MoveMode.Target, targetX: 52, targetY: 72 });
    c.key('KeyW', true);
    expect(c.poll()).toMatchObject({ move: MoveMode.Direction, angle: 3072 });
  });

  it('follows rebinding', () => {
    const c = new Controls(KEYS);
    expect(c.actionOf('KeyQ')).toBeNull();
    c.rebind({ ...KEYS, eject: 'KeyQ' });
    expect(c.actionOf('KeyQ')).toBe('eject');
    expect(c.actionOf('ArrowLeft')).toBe('left');
  });
});
