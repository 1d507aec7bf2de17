/**
 * electron-vite builds three bundles into out/:
 * - out/main: the Electron main process (electron/main.ts) and the browser shell (electron/browserShell.ts),
 *   which share every service module;
 * - out/preload: the sandboxed preload, as CommonJS (sandboxed preloads cannot be ES modules);
 * - out/renderer: the page (renderer/index.html), served over http by the browser shell or loaded
 *   from disk by Electron.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        input: { main: resolve(root, 'electron/main.ts'), browserShell: resolve(root, 'electron/browserShell.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      rolldownOptions: {
        input: { preload: resolve(root, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    publicDir: false,
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: resolve(root, 'renderer/index.html') },
      chunkSizeWarningLimit: 2048,
    },
  },
});
