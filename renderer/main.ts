/** Renderer entry: connects the bridge, loads settings, registers the screens and shows the main menu (on a first run, the welcome screen before it). */
import type { BRIDGE_VERSION } from '../electron/contract';
import { connectBridge } from './bridge';
import { reasonText, setLanguage, t } from './i18n';
import { App } from './ui/App';
import type { TestHook } from './ui/testHook';
import { h } from './ui/dom';
import { closedScreen } from './ui/screens/closed';
import { helpScreen } from './ui/screens/help';
import { joinScreen } from './ui/screens/join';
import { matchScreen } from './ui/screens/match';
import { menuScreen } from './ui/screens/menu';
import { offlineSetupScreen } from './ui/screens/offlineSetup';
import { resultsScreen } from './ui/screens/results';
import { settingsScreen } from './ui/screens/settings';
import { hostScreen } from './ui/screens/host';
import { lobbyScreen } from './ui/screens/lobby';
import { netLoadingScreen } from './ui/screens/netLoading';
import { netMatchScreen } from './ui/screens/netMatch';
import { pageRoom } from './ui/session/PageRoom';
import { replaysScreen } from './ui/screens/replays';
import { replayViewerScreen } from './ui/screens/replaysViewer';
import { welcomeScreen } from './ui/screens/welcome';
import { systemLanguage } from './i18n/systemLanguage';

/** The contract version this page was built against (a type-only import keeps it in step). */
const PAGE_BRIDGE_VERSION: typeof BRIDGE_VERSION = 20;

const hook: TestHook = { screen: 'loading' };
window.__bb = hook;

function fatal(root: HTMLElement, text: string): void {
  hook.screen = 'error';
  root.replaceChildren(h('main', { className: 'panel', testId: 'fatal' }, h('p', { className: 'error' }, text)));
}

async function start(): Promise<void> {
  const root = document.getElementById('app')!;
  try {
    const bridge = await connectBridge();
    const info = await bridge.request('app:info', null);
    hook.info = info;
    if (info.bridgeVersion !== PAGE_BRIDGE_VERSION) return fatal(root, t('error.version', { page: PAGE_BRIDGE_VERSION, main: info.bridgeVersion }));
    const { settings, notice, nameChosen, discovery, defaultKeys } = await bridge.request('settings:get', null);
    // A first run speaks the system's language until the player picks one (the welcome screen asks);
    // a player asked again only because the saved name is refused keeps the language they chose.
    const firstRun = !nameChosen && notice?.code !== 'settings-name-refused';
    setLanguage(firstRun ? systemLanguage(navigator.languages) : settings.language);
    const screens = { menu: menuScreen, settings: settingsScreen, help: helpScreen, offline: offlineSetupScreen, match: matchScreen, results: resultsScreen, join: joinScreen, host: hostScreen, lobby: lobbyScreen, netLoading: netLoadingScreen, netMatch: netMatchScreen, replays: replaysScreen, replay: replayViewerScreen, closed: closedScreen, welcome: welcomeScreen };
    const app = new App(root, bridge, info, settings, screens, hook);
    app.nameChosen = nameChosen;
    app.discovery = discovery;
    app.defaultKeys = defaultKeys;
    pageRoom(app); // listens to net:* from now on: nothing a host sends is missed between screens
    bridge.on('app:notice', (n) => console.warn(`[${n.level}] ${n.text}`));
    bridge.onClose(() => app.show('closed'));
    app.show('menu', notice ? { notice: reasonText(notice) } : {});
  } catch (e) {
    fatal(root, t('error.bridge', { reason: (e as Error).message }));
  }
}

void start();
