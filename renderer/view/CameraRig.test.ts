import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { CameraRig, MAX_DISTANCE, MIN_DISTANCE, PITCH_DEG } from './CameraRig';

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
});
