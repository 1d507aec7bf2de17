@rem `exec` for cmd.exe. package.json runs `npm start`, `npm run host` and `npm run client` as
@rem `exec node ...`: on macOS and Linux the shell npm starts a script in is then replaced by node,
@rem so a signal npm passes on reaches the game (scripts/launchers.mjs says why). cmd.exe has no
@rem `exec` and finds this file in the package folder instead: it runs the rest of the line as is.
@%*
