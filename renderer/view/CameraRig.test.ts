import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { RULES } from '../game/simApi';
import { CameraRig, MAX_DISTANCE, MIN_DISTANCE, PITCH_DEG, ZOOM_CAP, frameCells, massZoom, viewDistanceFor, type Framing } from './CameraRig';

describe('CameraRig', () => {
  it('looks at its focus from the south, pitched PITCH_DEG below the horizon', () => {
    const rig = new CameraRig(100, 100);
    rig.jumpTo(40, 30);
    rig.update(16, null, null, 1.6);
    const centre = rig.focus.clone().project(rig.camera);
    expect(centre.x).toBeCloseTo(0, 6);
    expect(centre.y).toBeCloseTo(0, 6);
    const dir = new THREE.Vector3();
    rig.camera.getWorldDirection(dir);
    expect((Math.asin(-dir.y) * 180) / Math.PI).toBeCloseTo(PITCH_DEG, 6);
    expect(dir.x).toBeCloseTo(0, 6);
    expect(dir.z).toBeLessThan(0); // looking north: screen up is north
  });

  it('clamps wheel zoom and follows smoothly, keeping the ball centred even at the map edge', () => {
    const rig = new CameraRig(48, 32);
    rig.zoomBy(1e6);
    expect(rig.distance).toBe(MAX_DISTANCE);
    rig.zoomBy(-1e6);
    expect(rig.distance).toBe(MIN_DISTANCE);
    rig.jumpTo(24, 16);
    rig.update(16, 30, 16, 1.6);
    expect(rig.focus.x).toBeGreaterThan(24);
    expect(rig.focus.x).toBeLessThan(30); // approaches, does not jump
    for (let i = 0; i < 200; i++) rig.update(16, 47.5, 31.5, 1.6);
    expect(rig.focus.x).toBeCloseTo(47.5, 3); // the ball in the south-east corner sits at the centre
    expect(rig.focus.z).toBeCloseTo(31.5, 3);
    const centre = new THREE.Vector3(47.5, 0, 31.5).project(rig.camera);
    expect(Math.abs(centre.x) + Math.abs(centre.y)).toBeLessThan(1e-6);
  });

  it('free camera: a drag moves the ground with the cursor and stops following; followNow jumps', () => {
    const rig = new CameraRig(100, 100);
    rig.jumpTo(50, 50);
    rig.follow(3);
    rig.update(16, null, null, 1.6);
    const before = new THREE.Vector3(50, 0, 50).project(rig.camera);
    rig.dragBy(80, -40, 800);
    expect(rig.following).toBeNull();
    expect(rig.focus.x).toBeLessThan(50); // dragging right reveals the west
    expect(rig.focus.z).toBeGreaterThan(50); // dragging up reveals the south
    rig.update(16, null, null, 1.6);
    const after = new THREE.Vector3(50, 0, 50).project(rig.camera);
    // The ground point moved with the drag, in screen pixels (NDC × half the width or height),
    // within the perspective change of its depth.
    expect(Math.abs(((after.x - before.x) * 800 * 1.6) / 2 - 80)).toBeLessThan(4);
    expect(Math.abs(((after.y - before.y) * 800) / 2 - 40)).toBeLessThan(3);
    rig.followNow(7, 12, 200);
    expect(rig.following).toBe(7);
    expect([rig.focus.x, rig.focus.z]).toEqual([12, 100]);
  });

  it('zooms out as total mass grows (agar’s power rule): 1 at start mass, never down, capped', () => {
    expect(massZoom(RULES.startMass)).toBe(1);
    expect(massZoom(RULES.minMass)).toBe(1);
    let last = 1;
    for (let m: number = RULES.startMass; m <= 16 * RULES.maxMass; m = Math.ceil(m * 1.1)) {
      const z = massZoom(m);
      expect(z).toBeGreaterThanOrEqual(last);
      expect(z).toBeLessThanOrEqual(ZOOM_CAP);
      last = z;
    }
    expect(massZoom(4 * RULES.startMass)).toBeGreaterThan(1.2); // a player four times as heavy sees more
    expect(last).toBe(ZOOM_CAP);
    // The camera distance: the wheel's at start mass, farther with mass and spread, never past the cap or the whole map.
    const base = 22;
    expect(viewDistanceFor(base, RULES.startMass, 0.5, 1000)).toBe(base);
    expect(viewDistanceFor(base, 10 * RULES.startMass, 0.5, 1000)).toBeGreaterThan(base);
    expect(viewDistanceFor(base, 1e9, 0.5, 1000)).toBeCloseTo(base * ZOOM_CAP, 9);
    expect(viewDistanceFor(base, 1e9, 0.5, 40)).toBe(40); // the whole map is in view at 40
    expect(viewDistanceFor(base, 1e9, 0.5, 10)).toBe(base); // a map smaller than the view: the wheel decides
    expect(viewDistanceFor(base, RULES.startMass, 20, 1000)).toBeGreaterThan(base); // cells spread wide are all framed
  });

  it('frames a player’s cells: mass-weighted centre and the extent of its shown cells', () => {
    const xs = new Float64Array([0, 10, 4, 100]);
    const zs = new Float64Array([0, 0, 3, 100]);
    const rs = new Float64Array([1, 1, 0.5, 1]);
    const mass = new Int32Array([3000, 1000, 0, 1000]);
    const out: Framing = { x: 0, z: 0, mass: 0, extent: 0 };
    expect(frameCells(xs, zs, rs, mass, null, 0, 3, 1, out)).toBe(true);
    expect(out).toEqual({ x: 2.5, z: 0, mass: 4000, extent: 8.5 });
    expect(frameCells(xs, zs, rs, mass, new Uint8Array([0, 1, 1, 1]), 0, 3, 1, out)).toBe(true); // a hidden cell is not framed
    expect(out).toEqual({ x: 10, z: 0, mass: 1000, extent: 1 });
    expect(frameCells(xs, zs, null, mass, null, 2, 1, 1, out)).toBe(false);
  });

  it('the wheel zooms at once, the mass rule glides there', () => {
    const rig = new CameraRig(200, 200);
    rig.update(16, 50, 50, 1.6, rig.distance * 2);
    expect(rig.viewDistance).toBeGreaterThan(rig.distance);
    expect(rig.viewDistance).toBeLessThan(rig.distance * 1.2);
    for (let i = 0; i < 300; i++) rig.update(16, 50, 50, 1.6, rig.distance * 2);
    expect(rig.viewDistance).toBeCloseTo(rig.distance * 2, 3);
    rig.zoomBy(500);
    rig.update(16, 50, 50, 1.6, rig.distance * 2);
    expect(rig.viewDistance).toBeCloseTo(rig.distance * 2, 2);
    expect(rig.camera.position.distanceTo(rig.focus)).toBeCloseTo(rig.viewDistance, 6);
  });
});
