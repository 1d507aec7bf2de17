/** The page globals the end-to-end tests read: the test hook and the Electron preload's API. */
import type { PreloadApi } from '../electron/contract';
import type { TestHook } from '../renderer/ui/testHook';

declare global {
  interface Window {
    __bb?: TestHook;
    ballBrawl?: PreloadApi;
  }
}
