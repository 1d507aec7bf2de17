/**
 * The screens' path to the DOM builder, which the HUD shares (renderer/dom.ts). Kept while the
 * screens are being reworked elsewhere; their imports move to renderer/dom.ts after that lands.
 */
export * from '../dom';
