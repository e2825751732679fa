// The map's colours, from the stylesheet's custom properties: the page's dark or light theme
// (prefers-color-scheme) colours the canvas too, and changes with the system's.

export interface Theme {
  background: string;
  /** Open ground from low to high noise, and blocked terrain (mountains, lakes), as RGB. */
  openLow: [number, number, number];
  openHigh: [number, number, number];
  blocked: [number, number, number];
  city: string;
  cityEdge: string;
  monster: string;
  fields: Record<string, string>;
  marches: Record<string, string>;
  battle: string;
  text: string;
  selection: string;
}

function rgb(value: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  if (!m) return [128, 128, 128];
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)];
}

export const RESOURCES = ['food', 'wood', 'stone', 'iron', 'gold'] as const;
export const KINDS = ['gather', 'attack_city', 'attack_monster', 'reinforce', 'scout'] as const;

export function readTheme(el: Element): Theme {
  const s = getComputedStyle(el);
  const v = (name: string) => s.getPropertyValue(name).trim();
  return {
    background: v('--map-bg'),
    openLow: rgb(v('--map-open-low')),
    openHigh: rgb(v('--map-open-high')),
    blocked: rgb(v('--map-blocked')),
    city: v('--map-city'),
    cityEdge: v('--map-city-edge'),
    monster: v('--map-monster'),
    fields: Object.fromEntries(RESOURCES.map((r) => [r, v(`--field-${r}`)])),
    marches: Object.fromEntries(KINDS.map((k) => [k, v(`--march-${k.replace('_', '-')}`)])),
    battle: v('--map-battle'),
    text: v('--map-text'),
    selection: v('--map-selection'),
  };
}
