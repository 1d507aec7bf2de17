/**
 * One WebGLRenderer for the whole session of the page, created ahead of time (the offline setup
 * screen warms it up) and reused by every match: creating a WebGL context is slow (hundreds of ms
 * on a software GL) and browsers cap how many a page may hold. Matches dispose their own scene
 * resources; the renderer and its context live on.
 */
import * as THREE from 'three';

let shared: THREE.WebGLRenderer | null = null;

/** The page's renderer, created on first use. */
export function sharedRenderer(): THREE.WebGLRenderer {
  if (!shared) {
    shared = new THREE.WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
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
