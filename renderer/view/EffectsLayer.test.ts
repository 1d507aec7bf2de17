import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { EffectsLayer } from './EffectsLayer';

describe('EffectsLayer', () => {
  it('shows an effect for its life, then nothing (an idle pool hides everything once)', () => {
    const fx = new EffectsLayer();
    const red = new THREE.Color(1, 0, 0);
    fx.burst(0, 5, 5, 1, red);
    fx.virusPop(0, 8, 8, 1);
    fx.update(0.2);
    expect(fx.active).toBe(3); // the burst ring, the virus ring and its flash
    const rings = fx.group.children[0] as THREE.InstancedMesh;
    const m = new THREE.Matrix4();
    rings.getMatrixAt(0, m);
    expect(m.elements[0]).toBeGreaterThan(1); // growing from the cell's radius
    fx.update(0.65);
    expect(fx.active).toBe(1); // the burst (0.7 s) outlives the virus pop (0.6 s, 0.35 s)
    fx.update(5);
    expect(fx.active).toBe(0);
    for (let i = 0; i < 2; i++) {
      rings.getMatrixAt(i, m);
      expect(m.elements[0]).toBe(0);
    }
    fx.dispose();
  });
});
