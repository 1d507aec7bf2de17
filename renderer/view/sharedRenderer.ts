/**
 * One WebGLRenderer for the whole session of the page, created ahead of time (the offline setup
 * screen warms it up) and reused by every match: creating a WebGL context is slow (hundreds of ms
 * on a software GL) and browsers cap how many a page may hold. Matches dispose their own scene
 * resources; the renderer and its context live on.
 * On a software GL (no graphics card, or a driver the browser refuses) the renderer draws without
 * multisampling and matches without shadows: measured in Chromium's SwiftShader, each of the two
 * halves the frame rate of an 8-ball arena, and together they lift it from under 1 to several
 * frames a second — the difference between a slideshow and a playable match.
 */
import * as THREE from 'three';

/** Renderer names of GL implementations that draw on the CPU (Chromium, Mesa, Windows). */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|lavapipe|software rasterizer|microsoft basic render/i;

/** Whether a GL renderer name (UNMASKED_RENDERER_WEBGL or RENDERER) is a software implementation. */
export function isSoftwareGl(rendererName: string): boolean {
  return SOFTWARE_GL.test(rendererName);
}

let shared: THREE.WebGLRenderer | null = null;
let software: boolean | null = null;

/** The GL's renderer name, as unmasked as the browser allows. */
function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/**
 * Whether this page draws on a software GL. Asked of a throw-away context, because multisampling
 * is chosen when the renderer's own context is created.
 */
export function softwareGl(): boolean {
  if (software === null) {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    software = gl !== null && isSoftwareGl(rendererName(gl));
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
  return software;
}

/** The page's renderer, created on first use. */
export function sharedRenderer(): THREE.WebGLRenderer {
  if (!shared) {
    shared = new THREE.WebGLRenderer({ antialias: !softwareGl(), powerPreference: 'high-performance' });
    shared.shadowMap.type = THREE.PCFShadowMap;
    shared.domElement.dataset['testid'] = 'arena';
  }
  return shared;
}

/** Creates the renderer now, off the critical path (e.g. while the player picks a map). */
export function prewarmRenderer(): void {
  if (shared) return;
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
  if (idle) idle(() => sharedRenderer());
  else setTimeout(() => sharedRenderer(), 0);
}
