/**
 * The app's command line (electron/main.ts, the browser shell, the game socket's flags) and the
 * repository's own scripts read a flag's value the same way.
 */

/** Reads `--name=value` or `--name value` from argv (the first one given). */
export function argValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
