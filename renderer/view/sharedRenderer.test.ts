import { describe, expect, it } from 'vitest';
import { isSoftwareGl } from './sharedRenderer';

describe('isSoftwareGl', () => {
  it('knows the software GLs a player may be drawing with', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Mesa, llvmpipe (LLVM 19.1.7 256 bits), OpenGL 4.5)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Software Rasterizer',
    ]) expect(isSoftwareGl(name), name).toBe(true);
  });

  it('leaves graphics cards (and an unknown name) with shadows and smoothing', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'Apple M1',
      'AMD Radeon Pro 5500M OpenGL Engine',
      'WebKit WebGL',
      '',
    ]) expect(isSoftwareGl(name), name).toBe(false);
  });
});
