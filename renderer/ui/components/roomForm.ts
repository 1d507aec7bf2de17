/**
 * The host's room settings as a form (room name, map with preview, match length, mode — free-for-all
 * or 2–4 teams, last ball standing or not — network smoothness — the key-frame interval in player
 * words — and slots), shared by the Host screen and the lobby's host-only panel. The host
 * validates and clamps whatever is sent; the form only offers values within the bounds.
 */
import type { MapEntry } from '../../../electron/contract';
import { loadGameMap } from '../../game/loadMap';
import { DEFAULT_KEY_INTERVAL, LOGIC_HZ, MAX_SLOTS, ROOM_NAME_BYTES, type RoomSettings } from '../../game/simApi';
import type { Bridge } from '../../../electron/contract';
import { errorText, t, type MessageKey } from '../../i18n';
import { mapName, teamsLabel } from '../../i18n/words';
import { h } from '../dom';
import { mapPreview } from './mapPreview';
import { TEAM_CHOICES } from '../../game/results';
import { nameField } from './nameField';

export const MATCH_SECONDS = [60, 120, 180, 300, 600] as const;
/**
 * The key-frame interval in player words: how much network jitter the room rides out, against
 * input delay. A host's other value (the protocol allows MIN..MAX_KEY_INTERVAL) shows as Custom.
 */
const SMOOTHNESS = [
  { frames: 2, key: 'host.smooth.fast' },
  { frames: DEFAULT_KEY_INTERVAL, key: 'host.smooth.normal' },
  { frames: 5, key: 'host.smooth.wifi' },
] as const satisfies readonly { frames: number; key: MessageKey }[];
const SLOT_CHOICES = [2, 4, 6, 8, 12, 16, 24, 32, MAX_SLOTS] as const;

/** The technical value behind a smoothness choice, for its tooltip. */
function smoothTip(frames: number): string {
  return t('host.smoothTip', { n: frames, ms: Math.round((frames * 1000) / LOGIC_HZ) });
}

function field(label: string, input: HTMLElement): HTMLLabelElement {
  return h('label', { className: 'field' }, h('span', {}, label), input);
}

function options(el: HTMLSelectElement, values: readonly (string | number)[], label: (v: string) => string): void {
  el.replaceChildren(...values.map((v) => h('option', { attrs: { value: String(v) } }, label(String(v)))));
}

export class RoomForm {
  readonly el: HTMLElement;
  readonly preview = h('div', { className: 'preview-box small', testId: 'room-preview' });
  private readonly room;
  private readonly map = h('select', { testId: 'room-map' });
  private readonly length = h('select', { testId: 'room-length' });
  private readonly keyInterval = h('select', { testId: 'room-key-interval' });
  private readonly slots = h('select', { testId: 'room-slots' });
  private readonly teams = h('select', { testId: 'room-teams' });
  private readonly lbs = h('input', { testId: 'room-lbs', attrs: { type: 'checkbox' } });
  private base: RoomSettings;
  private shownMap = '';
  private alive = true;

  /** `onValid` hears whether the room name passes the name rule (a refused one is never sent). */
  constructor(private readonly bridge: Bridge, settings: RoomSettings, onValid: (ok: boolean) => void = () => undefined) {
    this.base = settings;
    this.room = nameField(settings.roomName, 'room-name', onValid, ROOM_NAME_BYTES);
    options(this.length, MATCH_SECONDS, (s) => t('setup.minutes', { n: Number(s) / 60 }));
    this.keyInterval.replaceChildren(...SMOOTHNESS.map((s) => h('option', { attrs: { value: String(s.frames), title: smoothTip(s.frames) } }, t(s.key))));
    this.keyInterval.addEventListener('change', () => (this.keyInterval.title = smoothTip(Number(this.keyInterval.value))));
    options(this.slots, SLOT_CHOICES, (v) => v);
    options(this.teams, TEAM_CHOICES, (v) => teamsLabel(Number(v)));
    this.map.addEventListener('change', () => void this.showMap(this.map.value));
    this.el = h(
      'div',
      { className: 'room-form' },
      field(t('host.room'), this.room.el),
      field(t('host.map'), this.map),
      field(t('host.length'), this.length),
      field(t('setup.mode'), this.teams),
      field(t('setup.lastStanding'), this.lbs),
      field(t('host.smoothness'), this.keyInterval),
      field(t('host.maxSlots'), this.slots),
    );
    this.set(settings);
    void bridge.request('resources:maps', null).then((list) => this.setMaps(list), () => undefined);
  }

  /** Fills the form from `s` (the host's word wins over local edits). */
  set(s: RoomSettings): void {
    this.base = s;
    this.room.input.value = s.roomName;
    this.room.input.dispatchEvent(new Event('input'));
    this.pick(this.length, s.matchSeconds);
    this.pick(this.keyInterval, s.keyInterval, t('host.smooth.custom', { n: s.keyInterval }));
    this.keyInterval.title = smoothTip(s.keyInterval);
    this.pick(this.slots, s.maxSlots);
    this.pick(this.teams, s.teams, teamsLabel(s.teams));
    this.lbs.checked = s.lastStanding;
    if (this.map.options.length > 0) this.map.value = s.map;
    void this.showMap(s.map);
  }

  value(): RoomSettings {
    return {
      ...this.base,
      roomName: this.room.value() ?? this.base.roomName,
      map: this.map.value || this.base.map,
      matchSeconds: Number(this.length.value) || this.base.matchSeconds,
      keyInterval: Number(this.keyInterval.value) || this.base.keyInterval,
      maxSlots: Number(this.slots.value) || this.base.maxSlots,
      teams: Number(this.teams.value),
      lastStanding: this.lbs.checked,
    };
  }

  disable(off: boolean): void {
    for (const el of [this.room.input, this.map, this.length, this.keyInterval, this.slots, this.teams, this.lbs]) el.disabled = off;
  }

  dispose(): void {
    this.alive = false;
  }

  private pick(el: HTMLSelectElement, v: number, label = String(v)): void {
    if (![...el.options].some((o) => o.value === String(v))) el.append(h('option', { attrs: { value: String(v) } }, label));
    el.value = String(v);
  }

  private setMaps(list: readonly MapEntry[]): void {
    if (!this.alive) return;
    this.map.replaceChildren(...list.map((m) => h('option', { attrs: { value: m.id } }, mapName(m.id, m.name))));
    this.map.value = list.some((m) => m.id === this.base.map) ? this.base.map : (list[0]?.id ?? '');
    void this.showMap(this.map.value);
  }

  private async showMap(id: string): Promise<void> {
    if (!id || id === this.shownMap) return;
    this.shownMap = id;
    try {
      const map = await loadGameMap(this.bridge, id);
      if (this.alive && this.shownMap === id) this.preview.replaceChildren(mapPreview(map, 200));
    } catch (e) {
      if (this.alive && this.shownMap === id) this.preview.replaceChildren(h('p', { className: 'error' }, errorText(e)));
    }
  }
}
