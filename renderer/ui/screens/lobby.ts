/**
 * The LAN lobby screen, for the owner and for those who joined: LobbyView fed from the session
 * (PageRoom), the room settings with the map preview (editable by the owner only, Apply sends
 * them), and every action as `net:act`. PageRoom moves on to loading when the owner starts.
 */
import { paletteColor } from '../../game/colors';
import { slotName } from '../../game/LockstepMatch';
import { SlotKind, SPECTATOR_SLOT, type LobbySlot } from '../../game/simApi';
import { HOST_SILENT_LOBBY_MS } from '../../game/waitState';
import { reasonText, t } from '../../i18n';
import type { Screen } from '../App';
import { LobbyView, type LobbySlotView, type SlotKindName } from '../components/LobbyView';
import { RoomForm } from '../components/roomForm';
import { h } from '../dom';
import { pageRoom } from '../session/PageRoom';
import { treeProblems } from '../session/treesNotice';

const KIND_NAME: Record<number, SlotKindName> = { [SlotKind.Open]: 'open', [SlotKind.Closed]: 'closed', [SlotKind.Human]: 'human', [SlotKind.Bot]: 'bot' };
const KIND_OF = { open: SlotKind.Open, closed: SlotKind.Closed, bot: SlotKind.Bot } as const;

/** The slots as the lobby shows them; `hostSlot` is the host's, where this page knows it (-1: not known). */
function slotViews(slots: readonly LobbySlot[], mine: number, hostSlot: number): LobbySlotView[] {
  return slots.map((s, i) => ({ slot: i, kind: KIND_NAME[s.kind] ?? 'open', difficulty: s.difficulty, name: slotName(s, i), color: paletteColor(s.colour), ready: s.ready, me: i === mine, host: i === hostSlot, team: s.team }));
}

export const lobbyScreen: Screen = (root, ctx) => {
  const net = pageRoom(ctx);
  if (!net.session) return void ctx.show('menu');
  const view = new LobbyView({
    start: () => net.act({ t: 'start' }),
    ready: (on) => net.act({ t: 'ready', ready: on }),
    leave: () => {
      net.leave();
      ctx.show('menu');
    },
    setSlot: (slot, kind, difficulty) => net.act({ t: 'slot', slot, kind: KIND_OF[kind], difficulty }),
    kick: (slot) => net.act({ t: 'kick', slot }),
    colour: (colour) => net.act({ t: 'colour', colour }),
    team: (slot, team) => net.act({ t: 'team', slot, team }),
    chat: (text, team) => net.act({ t: 'chat', text, team }),
  });
  const apply = h('button', { className: 'menu-button small', testId: 'room-apply', onClick: () => net.act({ t: 'settings', settings: form.value() }) }, t('lobby.apply'));
  const form = new RoomForm(ctx.bridge, net.session.settings, (ok) => (apply.disabled = !ok));
  const side = h('div', { className: 'panel lobby-side', testId: 'lobby-settings' }, h('h3', {}, t('lobby.settings')), form.preview, form.el, apply);
  const silent = h('p', { className: 'error', testId: 'host-silent' });
  silent.hidden = true;
  // The host is told who tried to join and was refused, and why (names and addresses are data).
  const refused = h('ul', { className: 'lobby-refused', testId: 'lobby-refused' });
  // Its own reachability: a warning when friends on the LAN probably cannot reach it.
  const reach = h('p', { className: 'error', testId: 'lobby-reach' });
  reach.hidden = true;
  root.append(silent, reach, refused, h('div', { className: 'lobby-screen' }, view.el, side));
  let shownSettings = '';
  let readySent: readonly LobbySlot[] | null = null;

  const render = (): void => {
    const s = net.session;
    if (!s) return;
    const settings = JSON.stringify(s.settings);
    if (settings !== shownSettings) {
      shownSettings = settings;
      form.set(s.settings);
    }
    form.disable(!s.owner);
    apply.hidden = !s.owner;
    const warn = s.owner && (s.reach === 'virtual' || s.reach === 'none') ? s.reach : null;
    reach.hidden = warn === null;
    reach.textContent = warn === null ? '' : t(`lobby.reach.${warn}`);
    refused.replaceChildren(...(s.owner ? s.refused : []).map((r) => h('li', {}, t('lobby.refused', { who: r.name ? t('lobby.refusedWho', { name: r.name, address: r.address }) : r.address, why: t(`lobby.refusedWhy.${r.reason}`) }))));
    const quietMs = s.owner ? 0 : (net.status?.hostSilentMs ?? 0);
    silent.hidden = quietMs < HOST_SILENT_LOBBY_MS;
    silent.textContent = silent.hidden ? '' : t('lobby.hostSilent', { s: Math.floor(quietMs / 1000) });
    const spectator = s.slot === SPECTATOR_SLOT || s.slot < 0 || s.slot >= s.slots.length;
    // The host is ready by hosting: it says so for the others, who see no Ready button pressed
    // otherwise (a match's end clears every flag, so it is said again back in the lobby).
    if (s.owner && !spectator && s.slots[s.slot]?.ready === false && readySent !== s.slots) {
      readySent = s.slots;
      net.act({ t: 'ready', ready: true });
    }
    view.update({
      room: s.settings.roomName,
      addresses: s.addresses,
      // The lobby's data does not say which slot hosts (core/lockstep's slots message has no such
      // field), so only the host's own page can badge it.
      slots: slotViews(s.slots, s.slot, s.owner ? s.slot : -1),
      teams: s.settings.teams,
      lastStanding: s.settings.lastStanding,
      isHost: s.owner,
      spectator,
      myReady: s.slots[s.slot]?.ready ?? false,
      message: [s.message ? reasonText(s.message) : '', ...treeProblems(s.trees)].filter((m) => m).join(' ') || null,
      chat: net.chat.map((c) => {
        const who = s.slots[c.from];
        return { name: who?.name || t('lobby.system'), color: who ? paletteColor(who.colour) : '#cccccc', text: c.text, team: c.team };
      }),
    });
  };
  const off = net.onChange(render);
  render();
  return () => {
    off();
    form.dispose();
  };
};
